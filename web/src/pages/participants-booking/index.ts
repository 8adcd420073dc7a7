/** The screens the participants page leads to (spec section 2: their screens are ours to design). */
export { PackageChoicePage } from './package-choice-page';
export { ParticipantsRegistrationPage } from './registration-page';
export { useLeaveWhenMissing } from './missing-information';
export { packagesPath, participantsPath, registrationPath } from './paths';
export { type PageParticipant, readStoredParticipants } from './stored-participants';
