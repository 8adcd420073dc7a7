/** What the registration decider says when it refuses a command (the api answers with these). */
import { toMoneyString } from '../money';
import { CANNOT_REMOVE_PRIMARY_MESSAGE, CANNOT_REMOVE_PRIMARY_TITLE } from '../participants';

export const REGISTRATION_MESSAGES = {
  notFound: 'Registration not found',
  alreadyExists: 'This registration already exists',
  cancelled: 'This registration has been cancelled',
  paid: 'This registration has already been paid; it can no longer be changed',
  noParticipants: 'A registration needs at least one participant',
  participantNotFound: 'Participant not found',
  participantExists: 'This participant is already on the registration',
  cannotRemovePrimary: `${CANNOT_REMOVE_PRIMARY_TITLE} - ${CANNOT_REMOVE_PRIMARY_MESSAGE}`,
  cannotRemoveLast: 'The last participant cannot be removed',
  discountApplied: 'A discount code has already been applied',
  badAmount: 'Payment amount must be a whole number of cents, 0 or more',
  nothingToPay: 'Nothing is left to pay on this booking.',
  deskBalanceChanged: (cents: number) =>
    `The balance is now S$${toMoneyString(cents)}: check the amount with the customer, then record it again.`,
  notCovered: 'The balance is not covered yet',
  payNowBalanceChanged: 'The balance changed while the PayNow QR was being made. Please try again.',
  notPartner: 'This registration did not come from the partner',
  notWorkerFact: 'This is not a fact the worker records',
  expired: 'This reservation has expired',
  /** A payment for an expired order whose seats were taken meanwhile (the api answers it, 409). */
  expiredSlotGone: 'This reservation has expired and its slot is no longer available.',
  badHold: 'The payment hold must be a whole number of seconds above 0',
  noHold: 'This registration has no payment hold',
  cannotExpire: 'Only an unpaid registration awaiting payment can expire',
  holdNotOver: 'The payment hold has not run out yet',
  notExpired: 'Only an expired registration can be revived',
  badRefund: 'Refund amount must be a whole number of cents above 0',
  refundExceedsPaid: 'The refund is more than what was paid and not yet refunded.',
  nothingToRefund: 'Nothing paid by card on this order is left to refund.',
  refundSpansPayments:
    'The refund is more than any single card payment of this order has left; refund each payment separately.',
  refundNotRequested: 'No such refund was requested',
  badVoid: 'Voided amount must be a whole number of cents above 0',
  voidOfRecorded: 'This payment was recorded; refund it instead of voiding it',
  paymentVoided: 'This payment was voided; it cannot be recorded',
  cannotReschedule: 'Cancelled or expired appointments cannot be rescheduled.',
  sameSlot: 'This is already your appointment time.',
} as const;
