/** @hs/domain: the pure rules of the booking product. No I/O; used by api, worker and web alike. */
export * from './availability';
export * from './dates';
export * from './identity';
export * from './membership';
export * from './money';
export * from './partner';
export * from './pricing';
export * from './random';
export * from './reference';
export * from './regions';
export * from './status';
export * from './timeslots';
export * from './discounts';
export * from './validation';
