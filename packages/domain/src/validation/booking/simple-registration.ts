import * as v from 'valibot';
import { INVALID_INPUT_MESSAGE, choice, dateOfBirth, email, positiveId, requiredText, text } from '../fields';
import { BOOKING_MESSAGES } from './main-form';
import { bookingLanguage, myinfoHandle, idNumber, mobile } from './shared-fields';

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
    myinfoHandle,
    acceptTerms: v.pipe(
      v.optional(v.boolean(SIMPLE_REGISTRATION_MESSAGES.acceptTerms), false),
      v.value(true, SIMPLE_REGISTRATION_MESSAGES.acceptTerms),
    ),
  },
  INVALID_INPUT_MESSAGE,
);
