import * as v from 'valibot';
import { DOB_MESSAGES, validateVerificationDate } from '../../dates';
import { INVALID_ID_MESSAGE, validateNricFin } from '../../identity';
import { INVALID_INPUT_MESSAGE, text } from '../fields';

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
