import * as v from 'valibot';
import { CANNOT_REMOVE_PRIMARY_MESSAGE, CANNOT_REMOVE_PRIMARY_TITLE } from '../../participants';
import {
  INVALID_INPUT_MESSAGE,
  choice,
  dateOfBirth,
  flag,
  optionalEmail,
  optionalText,
  positiveId,
  requiredText,
} from '../fields';
import { BOOKING_MESSAGES } from './main-form';
import { idNumber, mobile, myinfoHandle } from './shared-fields';

/** Participant dialog of the booking page (wizard step 4). */
export const PARTICIPANT_MESSAGES = {
  firstName: 'First name should be at least 2 characters',
  lastName: 'Last name should be at least 2 characters',
  identification: 'Identification number should be at least 6 characters',
  gender: 'Please select a gender',
  package: 'Please select a package',
} as const;

export const participantSchema = v.object(
  {
    firstName: v.pipe(
      requiredText(PARTICIPANT_MESSAGES.firstName),
      v.minLength(2, PARTICIPANT_MESSAGES.firstName),
    ),
    lastName: v.pipe(
      requiredText(PARTICIPANT_MESSAGES.lastName),
      v.minLength(2, PARTICIPANT_MESSAGES.lastName),
    ),
    identificationNumber: idNumber(PARTICIPANT_MESSAGES.identification, 6),
    dateOfBirth: dateOfBirth(),
    gender: choice(['Male', 'Female'], PARTICIPANT_MESSAGES.gender),
    packageId: positiveId(PARTICIPANT_MESSAGES.package),
    email: optionalEmail(BOOKING_MESSAGES.emailInvalid),
    mobileNumber: optionalText(),
    myinfoHandle,
    isAiaMember: flag(false),
    aiaMemberId: optionalText(),
  },
  INVALID_INPUT_MESSAGE,
);
export type ParticipantInput = v.InferOutput<typeof participantSchema>;

/** Participants page form: email shown and required for the primary contact only. */
export const PARTICIPANTS_PAGE_MESSAGES = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  gender: 'Gender is required',
  email: 'Email is required',
  emailInvalid: 'Invalid email address',
  mobile: 'Mobile number is required',
  identification: 'Identification number is required',
  dateOfBirth: 'Date of birth is required',
  cannotRemovePrimaryTitle: CANNOT_REMOVE_PRIMARY_TITLE,
  cannotRemovePrimary: CANNOT_REMOVE_PRIMARY_MESSAGE,
} as const;

export const participantsPageSchema = v.pipe(
  v.object(
    {
      firstName: requiredText(PARTICIPANTS_PAGE_MESSAGES.firstName),
      lastName: requiredText(PARTICIPANTS_PAGE_MESSAGES.lastName),
      gender: choice(['Male', 'Female'], PARTICIPANTS_PAGE_MESSAGES.gender),
      email: optionalEmail(PARTICIPANTS_PAGE_MESSAGES.emailInvalid),
      mobileNumber: mobile(PARTICIPANTS_PAGE_MESSAGES.mobile),
      identificationNumber: idNumber(PARTICIPANTS_PAGE_MESSAGES.identification),
      dateOfBirth: dateOfBirth({ required: PARTICIPANTS_PAGE_MESSAGES.dateOfBirth }),
      isAiaMember: flag(false),
      aiaMemberId: optionalText(),
      isPrimary: flag(false),
    },
    INVALID_INPUT_MESSAGE,
  ),
  v.forward(
    v.partialCheck(
      [['isPrimary'], ['email']],
      (p) => !p.isPrimary || !!p.email,
      PARTICIPANTS_PAGE_MESSAGES.email,
    ),
    ['email'],
  ),
  // the member id is kept only when the member box is ticked
  v.transform((p) => ({ ...p, aiaMemberId: p.isAiaMember ? p.aiaMemberId : null })),
);
