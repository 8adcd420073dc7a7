import * as v from 'valibot';
import { INVALID_INPUT_MESSAGE, optionalDecimal, requiredText } from '../fields';

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
