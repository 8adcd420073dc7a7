export { expireDueHolds } from './expire-holds';
export { slotCapacity } from './slot-capacity';
export { type RedemptionLimits, redemptionLimits, redemptionLimitsOf } from './redemption-limits';
export { REGISTRATION_NOT_FOUND, changeRegistration, existingRegistration } from './registration';
