import * as v from 'valibot';
import { DOB_MESSAGES } from '../../dates';
import {
  INVALID_INPUT_MESSAGE,
  dateOfBirth,
  email,
  optionalDecimal,
  optionalText,
  requiredText,
} from '../fields';
import { BOOKING_MESSAGES } from './main-form';
import { idNumber, mobile, postalCode } from './shared-fields';

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
