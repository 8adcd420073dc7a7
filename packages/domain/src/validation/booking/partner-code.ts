import * as v from 'valibot';
import { PARTNER_CODE_MESSAGES, PARTNER_CODE_PATTERN } from '../../partner';
import { INVALID_INPUT_MESSAGE, requiredText } from '../fields';

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
