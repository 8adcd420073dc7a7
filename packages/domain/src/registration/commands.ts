/** The commands of a registration (order), one type each so every decide function names what it takes. */
import type { CheckInCommand, MarkNoShowCommand, UndoCheckInCommand } from './check-in';
import type {
  AppliedDiscount,
  ParticipantChanges,
  ParticipantSnapshot,
  PayNowCloseReason,
  PdfDocument,
  RefundFailure,
  RefundKind,
  RegistrationBooked,
  WorkerFact,
} from './events';
import type {
  ErasePersonalDataCommand,
  ExportPersonalDataCommand,
  RevealIdentificationCommand,
} from './personal-data';

export type BookRegistrationCommand = {
  type: 'BookRegistration';
  data: Omit<RegistrationBooked['data'], 'status' | 'pricing' | 'participants' | 'holdUntil'> & {
    /** Everyone on the order; exactly one isPrimary (the first is made primary when none is). */
    participants: ParticipantSnapshot[];
    /**
     * How long a booking awaiting payment holds its seats and code (PAYMENT_HOLD_SECONDS). Absent:
     * no hold. A partner booking or one with nothing to pay never gets one.
     */
    holdSeconds?: number;
  };
};

export type AddParticipantCommand = {
  type: 'AddParticipant';
  participant: ParticipantSnapshot;
  at: string;
};

export type UpdateParticipantCommand = {
  type: 'UpdateParticipant';
  participantId: string;
  changes: ParticipantChanges;
  at: string;
};

export type RemoveParticipantCommand = {
  type: 'RemoveParticipant';
  participantId: string;
  at: string;
};

export type ChangePrimaryParticipantCommand = {
  type: 'ChangePrimaryParticipant';
  participantId: string;
  at: string;
};

export type ApplyDiscountCommand = {
  type: 'ApplyDiscount';
  discount: AppliedDiscount;
  at: string;
};

export type RecordPaymentCommand = {
  type: 'RecordPayment';
  transactionId: string;
  amountCents: number;
  method: string;
  at: string;
};

/** How the front desk took a payment (issue 45). */
export const DESK_PAYMENT_METHODS = ['cash', 'nets', 'card_terminal'] as const;
export type DeskPaymentMethod = (typeof DESK_PAYMENT_METHODS)[number];

/**
 * The front desk took what is left to pay (issue 45): the amount is the order's own balance, decided
 * on the state the command meets, so two desks recording at once record one payment.
 */
export type RecordDeskPaymentCommand = {
  type: 'RecordDeskPayment';
  transactionId: string;
  method: DeskPaymentMethod;
  /** What the desk saw due and took: refused when the balance is no longer that (it changed meanwhile). */
  expectedCents?: number;
  at: string;
};

export type ConfirmCoveredBalanceCommand = {
  type: 'ConfirmCoveredBalance';
  at: string;
};

export type ChangeStatusByAdminCommand = {
  type: 'ChangeStatusByAdmin';
  status: string;
  at: string;
};

export type CancelRegistrationCommand = {
  type: 'CancelRegistration';
  at: string;
  /** The refund policy said staff review (see cancellationRefund): recorded on the event. */
  needsRefundReview?: boolean;
};

export type ExpireHoldCommand = {
  type: 'ExpireHold';
  at: string;
};

export type ReviveExpiredCommand = {
  type: 'ReviveExpired';
  holdSeconds: number;
  at: string;
};

export type RescheduleRegistrationCommand = {
  type: 'RescheduleRegistration';
  /** The day and time of the order's current slot, as the catalogue has them (recorded on the event). */
  fromDate: string;
  fromTime: string;
  toTimeslotId: number;
  /** yyyy-MM-dd, Singapore */
  toDate: string;
  /** HH:mm, Singapore */
  toTime: string;
  at: string;
};

export type RequestRefundCommand = {
  type: 'RequestRefund';
  /** The caller's id of this refund (its idempotency key): asked twice, it is one request. */
  refundId: string;
  /** Absent: everything card-paid that is neither refunded nor being refunded. */
  amountCents?: number;
  reason: string;
  at: string;
};

export type RecordRefundCommand = {
  type: 'RecordRefund';
  /** The caller's id of this refund (its idempotency key): the same id twice is one refund. */
  refundId: string;
  amountCents: number;
  kind: RefundKind;
  gatewayTransactionId: string;
  reason: string;
  at: string;
};

export type RecordRefundFailedCommand = {
  type: 'RecordRefundFailed';
  refundId: string;
  failure: RefundFailure;
  reason: string;
  at: string;
};

export type RecordPaymentVoidedCommand = {
  type: 'RecordPaymentVoided';
  transactionId: string;
  amountCents: number;
  reason: string;
  at: string;
};

/**
 * A PayNow QR was opened at Stripe for what the order owes (issue 48). `amountCents` is the balance
 * the api saw: refused when the order owes something else by now. An intent already open for the
 * order is closed ('replaced') in the same decision.
 */
export type OpenPayNowIntentCommand = {
  type: 'OpenPayNowIntent';
  intentId: string;
  amountCents: number;
  at: string;
};

export type ClosePayNowIntentCommand = {
  type: 'ClosePayNowIntent';
  intentId: string;
  reason: PayNowCloseReason;
  at: string;
};

export type RecordConfirmationEmailSentCommand = {
  type: 'RecordConfirmationEmailSent';
  to: string;
  recipientId?: string;
  messageId: string | null;
  at: string;
};

export type RecordReminderEmailSentCommand = {
  type: 'RecordReminderEmailSent';
  to: string;
  recipientId?: string;
  messageId: string | null;
  at: string;
};

export type RecordPdfGeneratedCommand = {
  type: 'RecordPdfGenerated';
  document: PdfDocument;
  fileName: string;
  at: string;
};

export type RecordPartnerConfirmedCommand = {
  type: 'RecordPartnerConfirmed';
  at: string;
};

export type RecordPartnerConfirmationFailedCommand = {
  type: 'RecordPartnerConfirmationFailed';
  reason: string;
  attempt: number;
  at: string;
};

/**
 * A fact the worker records as it happened (an email sent or undeliverable, a reminder's outcome):
 * the decider appends it as given, once the order exists.
 */
export type RecordWorkerFactCommand = {
  type: 'RecordWorkerFact';
  fact: WorkerFact;
};

export type RegistrationCommand =
  | BookRegistrationCommand
  | AddParticipantCommand
  | UpdateParticipantCommand
  | RemoveParticipantCommand
  | ChangePrimaryParticipantCommand
  | ApplyDiscountCommand
  | RecordPaymentCommand
  | RecordDeskPaymentCommand
  | ConfirmCoveredBalanceCommand
  | ChangeStatusByAdminCommand
  | CancelRegistrationCommand
  | ExpireHoldCommand
  | ReviveExpiredCommand
  | RescheduleRegistrationCommand
  | RequestRefundCommand
  | RecordRefundCommand
  | RecordRefundFailedCommand
  | RecordPaymentVoidedCommand
  | OpenPayNowIntentCommand
  | ClosePayNowIntentCommand
  | RecordConfirmationEmailSentCommand
  | RecordReminderEmailSentCommand
  | RecordPdfGeneratedCommand
  | RecordPartnerConfirmedCommand
  | RecordPartnerConfirmationFailedCommand
  | RecordWorkerFactCommand
  | CheckInCommand
  | UndoCheckInCommand
  | MarkNoShowCommand
  | RevealIdentificationCommand
  | ExportPersonalDataCommand
  | ErasePersonalDataCommand;
