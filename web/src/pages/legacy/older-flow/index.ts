// The older flow's pages (one lazy chunk, see routes.tsx).
export { LegacyConfirmationPage } from './confirmation-page';
export { LegacyEventPage } from './event-page';
export { LegacyParticipantsRedirect } from './participants-redirect';
export { LegacyRegistrationPage } from './registration-page';
