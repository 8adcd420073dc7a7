/** Public booking forms (spec section 5), shared by the web forms and the api handlers. */
import * as v from 'valibot';
import { DOB_MESSAGES, validateVerificationDate } from '../dates';
import { LANGUAGES } from '../language';
import { INVALID_ID_MESSAGE, normalizeIdentificationNumber, validateNricFin } from '../identity';
import {
  CANNOT_REMOVE_PRIMARY_MESSAGE,
  CANNOT_REMOVE_PRIMARY_TITLE,
  MAX_PARTICIPANTS,
  MAX_PARTICIPANTS_MESSAGE,
} from '../participants';
import { PARTNER_CODE_MESSAGES, PARTNER_CODE_PATTERN } from '../partner';
import { POSTAL_CODE_MESSAGE, POSTAL_CODE_PATTERN } from '../regions';
import { normalizeReferenceNumber } from '../reference';
import {
  INVALID_INPUT_MESSAGE,
  choice,
  dateOfBirth,
  email,
  flag,
  optionalDecimal,
  optionalEmail,
  optionalPositiveId,
  optionalText,
  positiveId,
  requiredText,
  text,
} from './fields';

export const BOOKING_MESSAGES = {
  event: 'Please select an event',
  package: 'Please select a package',
  timeslot: 'Please select a timeslot',
  firstName: 'First name is required',
  lastName: 'Last name is required',
  firstNameEmpty: 'First name cannot be empty',
  lastNameEmpty: 'Last name cannot be empty',
  email: 'Email is required',
  emailInvalid: 'Invalid email address',
  mobile: 'Mobile number is required',
  gender: 'Please select a gender',
  identification: 'Identification number is required',
  postalCode: POSTAL_CODE_MESSAGE,
  address: 'Address is required',
  timeslotToastTitle: 'Selection Required',
} as const;

const idNumber = (message: string, minLength = 1) =>
  v.pipe(requiredText(message), v.minLength(minLength, message), v.transform(normalizeIdentificationNumber));

const postalCode = v.pipe(text(POSTAL_CODE_MESSAGE), v.regex(POSTAL_CODE_PATTERN, POSTAL_CODE_MESSAGE));

const name = (emptyMessage: string, shortMessage: string) =>
  v.pipe(text(emptyMessage), v.nonEmpty(emptyMessage), v.minLength(2, shortMessage));

const mobile = (message: string) => v.pipe(requiredText(message), v.minLength(8, message));

/** Main booking form (the four-step wizard). */
export const mainBookingEntries = {
  eventId: positiveId(BOOKING_MESSAGES.event),
  packageId: positiveId(BOOKING_MESSAGES.package),
  timeslotId: positiveId(BOOKING_MESSAGES.timeslot),
  firstName: name(BOOKING_MESSAGES.firstNameEmpty, BOOKING_MESSAGES.firstName),
  lastName: name(BOOKING_MESSAGES.lastNameEmpty, BOOKING_MESSAGES.lastName),
  email: email(BOOKING_MESSAGES.email, BOOKING_MESSAGES.emailInvalid),
  mobileNumber: mobile(BOOKING_MESSAGES.mobile),
  gender: choice(['male', 'female'], BOOKING_MESSAGES.gender),
  identificationNumber: idNumber(BOOKING_MESSAGES.identification),
  dateOfBirth: dateOfBirth(),
  postalCode,
  address: requiredText(BOOKING_MESSAGES.address),
  unitNumber: optionalText(),
  medicalConditions: optionalText(),
  aiaMemberId: optionalText(),
};
export const mainBookingSchema = v.object(mainBookingEntries, INVALID_INPUT_MESSAGE);
export type MainBookingInput = v.InferOutput<typeof mainBookingSchema>;

/** Wizard step 1 alone: a package must be chosen. */
export const bookingStep1Schema = v.object(
  { packageId: mainBookingEntries.packageId },
  INVALID_INPUT_MESSAGE,
);
/** Wizard step 2: the personal information fields. */
export const bookingStep2Schema = v.object(
  {
    firstName: mainBookingEntries.firstName,
    lastName: mainBookingEntries.lastName,
    email: mainBookingEntries.email,
    mobileNumber: mainBookingEntries.mobileNumber,
    gender: mainBookingEntries.gender,
    identificationNumber: mainBookingEntries.identificationNumber,
    dateOfBirth: mainBookingEntries.dateOfBirth,
    postalCode: mainBookingEntries.postalCode,
    address: mainBookingEntries.address,
    unitNumber: mainBookingEntries.unitNumber,
    medicalConditions: mainBookingEntries.medicalConditions,
  },
  INVALID_INPUT_MESSAGE,
);
/** Wizard step 3: a timeslot must be chosen. */
export const bookingStep3Schema = v.object(
  { timeslotId: mainBookingEntries.timeslotId },
  INVALID_INPUT_MESSAGE,
);

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

/** Simple registration form (older flow). */
export const SIMPLE_REGISTRATION_MESSAGES = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  gender: 'Gender is required',
  dateOfBirth: 'Date of birth is required',
  identification: 'Identification number is required',
  email: 'Invalid email address',
  mobile: 'Valid phone number is required',
  acceptTerms: 'You must accept the terms and conditions',
} as const;

/** The booking's language: one of the site's four, or absent (English). */
export const LANGUAGE_MESSAGE = `language must be one of ${LANGUAGES.join(', ')}`;
const bookingLanguage = v.optional(v.picklist(LANGUAGES, LANGUAGE_MESSAGE));

export const simpleRegistrationSchema = v.object(
  {
    eventId: positiveId(BOOKING_MESSAGES.event),
    timeslotId: positiveId(BOOKING_MESSAGES.timeslot),
    packageId: positiveId(BOOKING_MESSAGES.package),
    firstName: requiredText(SIMPLE_REGISTRATION_MESSAGES.firstName),
    lastName: requiredText(SIMPLE_REGISTRATION_MESSAGES.lastName),
    gender: choice(['male', 'female', 'other'], SIMPLE_REGISTRATION_MESSAGES.gender),
    dateOfBirth: dateOfBirth({
      required: SIMPLE_REGISTRATION_MESSAGES.dateOfBirth,
    }),
    identificationNumber: idNumber(SIMPLE_REGISTRATION_MESSAGES.identification),
    email: email(SIMPLE_REGISTRATION_MESSAGES.email, SIMPLE_REGISTRATION_MESSAGES.email),
    mobileNumber: mobile(SIMPLE_REGISTRATION_MESSAGES.mobile),
    medicalConditions: text(),
    language: bookingLanguage,
    acceptTerms: v.pipe(
      v.optional(v.boolean(SIMPLE_REGISTRATION_MESSAGES.acceptTerms), false),
      v.value(true, SIMPLE_REGISTRATION_MESSAGES.acceptTerms),
    ),
  },
  INVALID_INPUT_MESSAGE,
);

/**
 * The main flow's POST /api/registrations body: the booking form plus the extras the client sends.
 * Client amounts are read only to be compared with the server's own pricing.
 */
export const registrationRequestSchema = v.object(
  {
    ...mainBookingEntries,
    isAiaMember: flag(false),
    discountCodeId: optionalPositiveId('Invalid discount code'),
    discountCode: optionalText(),
    total: optionalDecimal('Invalid amount'),
    totalAmount: optionalDecimal('Invalid amount'),
    whiteCoatBookingCode: v.pipe(
      optionalText(PARTNER_CODE_MESSAGES.format),
      v.check((s) => s === null || PARTNER_CODE_PATTERN.test(s), PARTNER_CODE_MESSAGES.format),
    ),
    isFromWhiteCoat: flag(false),
    whiteCoatPaidAmount: optionalDecimal('Invalid amount'),
    isPaidInWhiteCoat: flag(false),
    /** A waiting-list offer's token (`/waitlist/<token>`): the booking takes the seats held for it. */
    waitlistToken: v.pipe(
      optionalText(),
      v.check((s) => s === null || s.length <= 200, 'Invalid waiting list link'),
    ),
    /**
     * The customer ticked consent to the privacy notice (issue 24). Optional: a booking without it is
     * accepted (the spec's payload has none) and records that no consent was given.
     */
    privacyConsent: flag(false),
    /** The language the customer booked in (issue 26): their emails are written in it; absent = English. */
    language: bookingLanguage,
    participants: v.pipe(
      v.optional(v.array(participantSchema, INVALID_INPUT_MESSAGE), []),
      // the primary is the booker, so at most 9 more
      v.maxLength(MAX_PARTICIPANTS - 1, MAX_PARTICIPANTS_MESSAGE),
    ),
  },
  INVALID_INPUT_MESSAGE,
);
export type RegistrationRequest = v.InferOutput<typeof registrationRequestSchema>;

/** Admin-side registration edit: postal code 6 digits, a valid date of birth, optional amounts. */
export const ADMIN_REGISTRATION_DOB_MESSAGE = DOB_MESSAGES.adminInvalid;
export const adminRegistrationSchema = v.object(
  {
    firstName: v.optional(requiredText(BOOKING_MESSAGES.firstName)),
    lastName: v.optional(requiredText(BOOKING_MESSAGES.lastName)),
    email: v.optional(email(BOOKING_MESSAGES.email, BOOKING_MESSAGES.emailInvalid)),
    mobileNumber: v.optional(mobile(BOOKING_MESSAGES.mobile)),
    identificationNumber: v.optional(idNumber(BOOKING_MESSAGES.identification)),
    dateOfBirth: v.optional(
      dateOfBirth({
        required: ADMIN_REGISTRATION_DOB_MESSAGE,
        format: ADMIN_REGISTRATION_DOB_MESSAGE,
        future: ADMIN_REGISTRATION_DOB_MESSAGE,
        tooEarly: ADMIN_REGISTRATION_DOB_MESSAGE,
      }),
    ),
    postalCode: v.optional(postalCode),
    address: v.optional(requiredText(BOOKING_MESSAGES.address)),
    unitNumber: v.optional(optionalText()),
    totalAmount: v.optional(optionalDecimal('Invalid amount')),
    discountAmount: v.optional(optionalDecimal('Invalid amount')),
    aiaDiscountAmount: v.optional(optionalDecimal('Invalid amount')),
  },
  INVALID_INPUT_MESSAGE,
);

/** POST /api/verify-aia-healthshield: NRIC/FIN format, date converted to YYYY-MM-DD, not future. */
export const memberVerificationSchema = v.object(
  {
    identificationNumber: v.pipe(
      text(INVALID_ID_MESSAGE),
      v.rawTransform(({ dataset, addIssue, NEVER }) => {
        const r = validateNricFin(dataset.value);
        if (r.ok) return r.value;
        addIssue({ message: r.message });
        return NEVER;
      }),
    ),
    dateOfBirth: v.pipe(
      text(DOB_MESSAGES.verificationFormat),
      v.rawTransform(({ dataset, addIssue, NEVER }) => {
        const r = validateVerificationDate(dataset.value, new Date());
        if (r.ok) return r.value;
        addIssue({ message: r.message });
        return NEVER;
      }),
    ),
  },
  INVALID_INPUT_MESSAGE,
);

/** Discount code entry: 'Missing Discount Code' / 'Please enter a discount code'. */
export const DISCOUNT_CODE_MESSAGES = {
  missingTitle: 'Missing Discount Code',
  missing: 'Please enter a discount code',
  invalidTitle: 'Invalid Discount Code',
  validateFailed: 'Failed to validate discount code',
} as const;

const discountCode = v.pipe(requiredText(DISCOUNT_CODE_MESSAGES.missing), v.toUpperCase());
export const discountCodeEntrySchema = v.object({ code: discountCode }, INVALID_INPUT_MESSAGE);

/** POST /api/discounts/validate: the code and the order subtotal ("123.45"). */
export const discountValidateRequestSchema = v.object(
  {
    code: discountCode,
    subtotal: v.pipe(
      optionalDecimal('Subtotal must be a valid amount'),
      v.transform((s) => s ?? '0.00'),
    ),
  },
  INVALID_INPUT_MESSAGE,
);

/** Cancel appointment. */
export const CANCEL_MESSAGES = {
  reference: 'Reference number is required',
  confirm: 'You must confirm that you want to cancel this appointment',
  notFound: 'Registration not found. Please check your reference number and try again.',
  lookupFailed: 'Failed to lookup registration. Please try again later.',
  cancelFailed: 'Failed to cancel appointment. Please try again later.',
  successTitle: 'Appointment cancelled',
  success: 'Your appointment has been successfully cancelled.',
  checkbox: 'I understand that cancelling this appointment cannot be undone.',
} as const;

const referenceNumber = v.pipe(
  requiredText(CANCEL_MESSAGES.reference),
  v.transform(normalizeReferenceNumber),
);
/** Step 1 'Find Your Appointment'. */
export const referenceLookupSchema = v.object({ referenceNumber }, INVALID_INPUT_MESSAGE);
/** Step 2 confirmation. */
export const cancelSchema = v.object(
  {
    referenceNumber,
    confirmation: v.pipe(
      v.optional(v.boolean(CANCEL_MESSAGES.confirm), false),
      v.value(true, CANCEL_MESSAGES.confirm),
    ),
  },
  INVALID_INPUT_MESSAGE,
);

/** Partner link /wc/{code}. */
export const partnerCodeSchema = v.object(
  {
    code: v.pipe(
      requiredText(PARTNER_CODE_MESSAGES.missing),
      v.regex(PARTNER_CODE_PATTERN, PARTNER_CODE_MESSAGES.format),
    ),
  },
  INVALID_INPUT_MESSAGE,
);
/** POST /api/wc/create-registration body. */
export const partnerCreateRegistrationSchema = v.object(
  {
    bookingCode: partnerCodeSchema.entries.code,
  },
  INVALID_INPUT_MESSAGE,
);
