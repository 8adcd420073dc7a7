import * as v from 'valibot';
import { normalizeReferenceNumber } from '../../reference';
import { INVALID_INPUT_MESSAGE, requiredText } from '../fields';

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
