/**
 * Discount dialog (four steps: Basic Information, Redemption, Applicability, Value & Period) and the
 * generate-codes dialog. Errors show under the title 'Validation Error'.
 */
import * as v from 'valibot';
import { DECIMAL_10_2_MAX_CENTS, parseMoney } from '../money';
import {
  DISCOUNT_CODE_COUNT_DEFAULT,
  DISCOUNT_CODE_COUNT_MAX,
  DISCOUNT_IDENTIFIER_LENGTH_DEFAULT,
  DISCOUNT_MESSAGES,
  IDENTIFIER_PREFIX_PATTERN,
  parseDiscountInstant,
} from '../discounts';
import {
  INVALID_INPUT_MESSAGE,
  boundedInteger,
  flag,
  optionalDateTime,
  optionalText,
  requiredText,
  text,
} from './fields';

export const DISCOUNT_VALIDATION_ERROR_TITLE = 'Validation Error';

const maxRedemptions = (message: string) =>
  v.pipe(
    v.optional(v.nullable(v.union([v.number(), v.string()], message)), null),
    v.transform((x) => (x === null || x === '' ? null : Number(x))),
    v.check((x) => x === null || (Number.isInteger(x) && x >= 0), message),
  );

export const discountBasicEntries = {
  name: requiredText(DISCOUNT_MESSAGES.nameRequired),
  lineItemLabel: optionalText(),
  discountType: v.optional(v.picklist(['-', 'promo', 'bin'], DISCOUNT_MESSAGES.typeInvalid), '-'),
  description: optionalText(),
  isActive: flag(true),
  identifierPrefix: v.pipe(
    text(DISCOUNT_MESSAGES.prefixInvalid),
    v.toUpperCase(),
    v.regex(IDENTIFIER_PREFIX_PATTERN, DISCOUNT_MESSAGES.prefixInvalid),
  ),
  identifierLength: boundedInteger(
    1,
    16,
    DISCOUNT_MESSAGES.lengthInvalid,
    DISCOUNT_IDENTIFIER_LENGTH_DEFAULT,
  ),
};
export const discountRedemptionEntries = {
  limitRedemption: flag(false),
  maxRedemptions: maxRedemptions(DISCOUNT_MESSAGES.maxRedemptionsInvalid),
  limitBinRedemption: flag(false),
  maxBinRedemptions: maxRedemptions(DISCOUNT_MESSAGES.maxRedemptionsInvalid),
};
export const discountApplicabilityEntries = {
  applicableForAIA: flag(false),
  applicableForRetail: flag(false),
  applicableForHealthScreening: flag(true),
  applicableForChronic: flag(false),
  applicableForPDT: flag(false),
};
export const discountValueEntries = {
  discountValueType: v.pipe(
    v.optional(
      v.picklist(['percentage', 'fixed', 'amount'], DISCOUNT_MESSAGES.valueTypeInvalid),
      'percentage',
    ),
    v.transform((t): 'percentage' | 'fixed' => (t === 'percentage' ? 'percentage' : 'fixed')),
  ),
  value: v.pipe(
    v.optional(v.nullable(v.union([v.number(), v.string()], DISCOUNT_MESSAGES.valueRequired)), null),
    v.transform((x) => (x === null ? '' : String(x).trim())),
    v.nonEmpty(DISCOUNT_MESSAGES.valueRequired),
    v.check((s) => (parseMoney(s) ?? 0) > 0, DISCOUNT_MESSAGES.valueInvalid),
    v.check((s) => (parseMoney(s) ?? 0) <= DECIMAL_10_2_MAX_CENTS, DISCOUNT_MESSAGES.valueTooHigh),
  ),
  startDate: optionalDateTime(DISCOUNT_MESSAGES.dateInvalid),
  endDate: optionalDateTime(DISCOUNT_MESSAGES.dateInvalid),
};

/**
 * A rule across fields, as a pipe action for any form object that holds them: a step's, or the whole
 * form's. It reads only its fields and passes the object on unchanged, so it takes the type of the
 * object it follows (valibot cannot infer a partial check over a generic object, hence the cast).
 */
type Rule<F> = v.BaseValidation<F, F, v.BaseIssue<unknown>>;
const ruleOver =
  <F>(rule: Rule<F>) =>
  <T extends F>() =>
    rule as unknown as Rule<T>;

/**
 * The rules across fields, checked both by their step and by the whole form, each message under the
 * field it names: a promo discount needs a prefix, a percentage is at most 100, the end is not before
 * the start.
 */
const promoHasPrefix = ruleOver<{ discountType: string; identifierPrefix: string }>(
  v.forward(
    v.partialCheck(
      [['discountType'], ['identifierPrefix']],
      (d) => d.discountType !== 'promo' || d.identifierPrefix !== '',
      DISCOUNT_MESSAGES.prefixRequired,
    ),
    ['identifierPrefix'],
  ),
);
const percentAtMost100 = ruleOver<{ discountValueType: string; value: string }>(
  v.forward(
    v.partialCheck(
      [['discountValueType'], ['value']],
      (d) => d.discountValueType !== 'percentage' || (parseMoney(d.value) ?? 0) <= 10_000,
      DISCOUNT_MESSAGES.percentTooHigh,
    ),
    ['value'],
  ),
);
const endNotBeforeStart = ruleOver<{ startDate: string | null; endDate: string | null }>(
  v.forward(
    v.partialCheck(
      [['startDate'], ['endDate']],
      (d) =>
        !d.startDate ||
        !d.endDate ||
        parseDiscountInstant(d.endDate, 'end')! >= parseDiscountInstant(d.startDate, 'start')!,
      DISCOUNT_MESSAGES.endBeforeStart,
    ),
    ['endDate'],
  ),
);

export const discountBasicSchema = v.pipe(
  v.object(discountBasicEntries, INVALID_INPUT_MESSAGE),
  promoHasPrefix(),
);
export const discountRedemptionSchema = v.object(discountRedemptionEntries, INVALID_INPUT_MESSAGE);
export const discountApplicabilitySchema = v.object(discountApplicabilityEntries, INVALID_INPUT_MESSAGE);

export const discountValuePeriodSchema = v.pipe(
  v.object(discountValueEntries, INVALID_INPUT_MESSAGE),
  percentAtMost100(),
  endNotBeforeStart(),
);

/** The dialog's steps, in order, each with the schema its Next button checks. */
export const DISCOUNT_FORM_STEPS = [
  { title: 'Basic Information', schema: discountBasicSchema },
  { title: 'Redemption', schema: discountRedemptionSchema },
  { title: 'Applicability', schema: discountApplicabilitySchema },
  { title: 'Value & Period', schema: discountValuePeriodSchema },
] as const;

/**
 * The whole discount (POST/PUT /api/admin/discounts). The prefix and length are kept for promo
 * discounts only; each maximum only when its limit switch is on.
 */
export const discountFormSchema = v.pipe(
  v.object(
    {
      ...discountBasicEntries,
      ...discountRedemptionEntries,
      ...discountApplicabilityEntries,
      ...discountValueEntries,
    },
    INVALID_INPUT_MESSAGE,
  ),
  promoHasPrefix(),
  percentAtMost100(),
  endNotBeforeStart(),
  v.transform((d) => ({
    ...d,
    identifierPrefix: d.discountType === 'promo' ? d.identifierPrefix : null,
    identifierLength: d.discountType === 'promo' ? d.identifierLength : null,
    maxRedemptions: d.limitRedemption ? (d.maxRedemptions ?? 0) : null,
    maxBinRedemptions: d.limitBinRedemption ? (d.maxBinRedemptions ?? 0) : null,
  })),
);
export type DiscountFormOutput = v.InferOutput<typeof discountFormSchema>;

/** Generate-codes dialog: 1-1000, default 10. */
export const generateCodesSchema = v.object(
  {
    count: boundedInteger(
      1,
      DISCOUNT_CODE_COUNT_MAX,
      DISCOUNT_MESSAGES.countInvalid,
      DISCOUNT_CODE_COUNT_DEFAULT,
    ),
  },
  INVALID_INPUT_MESSAGE,
);
