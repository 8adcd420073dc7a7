export { appointmentStart } from './appointment';
export { expireDueHolds } from './expire-holds';
export { slotCapacity } from './slot-capacity';
export { type RedemptionLimits, redemptionLimits, redemptionLimitsOf } from './redemption-limits';
export { REGISTRATION_NOT_FOUND, changeRegistration, existingRegistration } from './registration';
export {
  type RescheduleTarget,
  rescheduleCutoffMessage,
  rescheduleRegistration,
} from './reschedule';
export { ensureCheckInToken, registrationOfCheckInToken } from './check-in-token';
export {
  type CheckInResult,
  type DeskResult,
  type DeskStaff,
  UNKNOWN_CHECK_IN_CODE,
  checkIn,
  recordDeskPayment,
  registrationOfCode,
  singaporeClock,
  undoCheckIn,
} from './check-in';
export {
  type WaitlistClaim,
  type WaitlistJoinInput,
  type WaitlistMeta,
  existingWaitlistEntry,
  expireDueOffers,
  hashWaitlistToken,
  joinWaitlist,
  leaveWaitlist,
  matchWaitlist,
  offerFreedSeats,
  waitlistClaimFor,
  waitlistToken,
} from './waitlist';
export { NO_SHOW_LOOKBACK_DAYS, markDueNoShows } from './mark-no-shows';
export { optOutOfSms, smsOptOutToken, registrationOfSmsOptOutToken } from './sms-opt-out';
export { type ErasedOrder, erasePersonalData } from './erase-personal-data';
export { RETENTION_DAYS_SETTING, eraseDueRetention, readRetentionDays } from './retention';
export { deleteExpiredMyinfo } from './myinfo-expiry';
export { deleteExpiredProgrammeAccess } from './programme-access-expiry';
export {
  COMPANY_SETTINGS_KEY,
  type RefundToCredit,
  issueCreditNote,
  issueInvoice,
  readCompanySettings,
} from './invoicing';
export { customerOf, invoiceLinesOf, isInvoiceable } from './invoice-lines';
export { createKeyedMutex } from './keyed-mutex';
export {
  MANAGE_LINK_DAYS_AFTER_APPOINTMENT,
  type ManageLinkCheck,
  checkManageLinkToken,
  manageLinkExpiry,
  manageLinkToken,
  signedManageUrl,
} from './manage-link';
export { askPayNowRefund, recordPayNowRefund } from './paynow-refunds';
export {
  GIVEN_BACK_PREFIX,
  type PayNowSettlement,
  type PayNowSweep,
  pendingPayNowRefundOrders,
  recentPayNowOrders,
  settlePayNowPayment,
  sweepPayNowIntents,
} from './paynow';
export {
  issueCompanyInvoice,
  issueDueCompanyCreditNotes,
  issueDueCompanyInvoices,
  singaporeMonthOf,
} from './company-invoicing';
