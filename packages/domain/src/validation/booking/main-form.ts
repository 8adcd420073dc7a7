import * as v from 'valibot';
import { POSTAL_CODE_MESSAGE } from '../../regions';
import {
  INVALID_INPUT_MESSAGE,
  choice,
  dateOfBirth,
  email,
  optionalText,
  positiveId,
  requiredText,
} from '../fields';
import { idNumber, mobile, name, postalCode } from './shared-fields';

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
