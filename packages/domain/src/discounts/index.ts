/**
 * Discounts and discount codes (spec sections 3, 5 and 9): code identifiers, validity window,
 * applicability flags, percentage vs fixed amount, redemption limits (0 = unlimited).
 */
export * from './applicability';
export * from './codes';
export * from './evaluate';
export * from './messages';
export * from './redemptions';
export * from './value';
export * from './window';
