export const DISCOUNT_MESSAGES = {
  nameRequired: 'Discount name is required',
  valueRequired: 'Discount value is required',
  prefixRequired: 'Identifier Prefix is required for Promo discounts',
  prefixInvalid: 'Identifier Prefix can only contain letters, numbers, hyphens and underscores',
  lengthInvalid: 'Identifier length must be between 1 and 16',
  countInvalid: 'Please enter a valid number between 1 and 1000',
  typeInvalid: 'Please select a discount type',
  valueTypeInvalid: 'Please select a value type',
  valueInvalid: 'Discount value must be a positive number',
  valueTooHigh: 'Discount value must be at most 99,999,999.99',
  percentTooHigh: 'Percentage discount cannot exceed 100',
  dateInvalid: 'Please enter a valid date',
  endBeforeStart: 'End date must be on or after the start date',
  maxRedemptionsInvalid: 'Maximum redemptions must be 0 or more',
  tooManyForLength: 'Not enough distinct codes of this length',
  // evaluation of a code typed by a customer
  unknownCode: 'Invalid discount code',
  inactive: 'This discount code is no longer active',
  notStarted: 'This discount code is not valid yet',
  expired: 'This discount code has expired',
  limitReached: 'This discount code has reached its redemption limit',
  notApplicable: 'This discount code cannot be used for this booking',
  /** The code is fine at standard prices: the booker may take it instead of the member price (issue 46). */
  notWithMemberPrice: 'This code cannot be combined with the AIA member price.',
} as const;

export type Result<T> = { ok: true; value: T } | { ok: false; message: string };
