import { errorMap, parseDateOfBirth, simpleRegistrationSchema, validate } from '@hs/domain';
import type { LegacyBookingDetails } from '../../../public/legacy-storage';
import type { PersonField } from '../../../public/person-fields';

export interface SimpleValues {
  firstName: string;
  lastName: string;
  gender: '' | 'male' | 'female' | 'other';
  dateOfBirth: string;
  identificationNumber: string;
  email: string;
  mobileNumber: string;
  medicalConditions: string;
  acceptTerms: boolean;
}

export const EMPTY_SIMPLE: SimpleValues = {
  firstName: '',
  lastName: '',
  gender: '',
  dateOfBirth: '',
  identificationNumber: '',
  email: '',
  mobileNumber: '',
  medicalConditions: '',
  acceptTerms: false,
};

/** The form's fields about the person, in order (PersonFields draws them). */
export const SIMPLE_PERSON_FIELDS = [
  'firstName',
  'lastName',
  'gender',
  'dateOfBirth',
  'identificationNumber',
  'email',
  'mobileNumber',
  'medicalConditions',
] as const satisfies readonly PersonField[];

/** Field order of the form (first invalid gets focus). */
export const SIMPLE_ORDER = [...SIMPLE_PERSON_FIELDS, 'acceptTerms'] as const;

/** The form's fields have ids `reg-<name>`. */
export const R = 'reg-';

export function simpleErrors(values: SimpleValues, details: LegacyBookingDetails): Record<string, string> {
  const r = validate(simpleRegistrationSchema, {
    ...values,
    eventId: details.eventId,
    packageId: details.packageId,
    timeslotId: details.timeslotId,
  });
  return r.ok ? {} : errorMap(r.errors);
}

/** The simple registration payload (spec section 3). */
export function simplePayload(values: SimpleValues, details: LegacyBookingDetails) {
  const dob = parseDateOfBirth(values.dateOfBirth);
  return {
    eventId: details.eventId,
    timeslotId: details.timeslotId,
    packageId: details.packageId,
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    gender: values.gender,
    dateOfBirth: dob.ok ? dob.value : values.dateOfBirth.trim(),
    identificationNumber: values.identificationNumber.trim().toUpperCase(),
    mobileNumber: values.mobileNumber.trim(),
    email: values.email.trim(),
    medicalConditions: values.medicalConditions.trim(),
  };
}
