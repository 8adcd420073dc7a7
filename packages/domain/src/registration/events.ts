/** Events of a `registration-<id>` stream. All data is plain JSON: ISO strings, integer cents. */
import type { DomainEvent } from '../decider';
import type { Language } from '../language';
import type { PricingDiscount } from '../discounts';
import type { PriceBreakdown } from '../pricing';
import type { RegistrationStatus } from '../status';

/** Who the booking is for and how to reach them (the primary contact). */
export interface ContactDetails {
  firstName: string;
  lastName: string;
  email: string;
  mobileNumber: string;
  gender: string;
  identificationNumber: string;
  /** yyyy-MM-dd */
  dateOfBirth: string;
  postalCode: string;
  unitNumber: string | null;
  address: string;
  region: string | null;
  medicalConditions: string | null;
}

/** Editable details of a participant. */
export interface ParticipantDetails {
  firstName: string;
  lastName: string;
  gender: string;
  identificationNumber: string;
  /** yyyy-MM-dd */
  dateOfBirth: string;
  email: string | null;
  mobileNumber: string | null;
  isAiaMember: boolean;
  aiaMemberId: string | null;
}

/** A participant with the pricing inputs snapshotted when added (names and prices at that time). */
export interface ParticipantSnapshot extends ParticipantDetails {
  participantId: string;
  isPrimary: boolean;
  packageId: number;
  packageName: string;
  packagePriceCents: number;
  aiaPriceCents: number | null;
  /** Member price applies (membership verified and the package has a member price). */
  memberVerified: boolean;
}

export interface AppliedDiscount {
  discountId: number;
  discountIdentifierId: number;
  code: string;
  /** Invoice line label. */
  label: string;
  rule: PricingDiscount;
}

export interface PartnerBooking {
  bookingCode: string;
  paidCents: number;
  isPaid: boolean;
}

export type StatusChangeSource = 'admin' | 'payment' | 'partner' | 'system';
export type CancellationSource = 'public' | 'admin';

export type RegistrationBooked = DomainEvent<
  'RegistrationBooked',
  {
    registrationId: string;
    referenceNumber: string;
    eventId: number;
    eventName: string;
    packageId: number;
    timeslotId: number;
    status: RegistrationStatus;
    contact: ContactDetails;
    participants: ParticipantSnapshot[];
    discount: AppliedDiscount | null;
    partner: PartnerBooking | null;
    pricing: PriceBreakdown;
    bookedAt: string;
    /**
     * ISO time the payment hold runs out (issue 21): present only on a booking awaiting payment that
     * was booked with a hold. The worker expires the order at this time if it is still unpaid.
     */
    holdUntil?: string;
    /**
     * The waiting-list entry whose offer this booking claimed (issue 22; WaitlistOfferClaimed on its
     * stream in the same append): absent on an ordinary booking. The order's history names it.
     */
    waitlistEntryId?: string;
    /**
     * The customer's consent to the privacy notice (issue 24): given is false for a booking sent
     * without privacyConsent: true (the api's payload does not require it). Absent on bookings made
     * before consent was recorded.
     */
    consent?: PrivacyConsent;
    /**
     * The language the customer booked in (issue 26): what is sent to them is written in it. Absent
     * on bookings made before it was recorded, or sent without one: English.
     */
    language?: Language;
  }
>;

/** Consent to the privacy notice as a booking records it. */
export interface PrivacyConsent {
  given: boolean;
  /** The version of the privacy notice in force when booked. */
  noticeVersion: number;
  /** ISO time of the booking. */
  at: string;
}
export type ParticipantAdded = DomainEvent<
  'ParticipantAdded',
  { participant: ParticipantSnapshot; pricing: PriceBreakdown; at: string }
>;
export type ParticipantUpdated = DomainEvent<
  'ParticipantUpdated',
  { participantId: string; changes: ParticipantChanges; pricing: PriceBreakdown; at: string }
>;
/**
 * What an update may change: details, and the package and membership with the prices snapshotted
 * for them (the api prices a new package from the catalogue and verifies a membership first).
 */
export type ParticipantChanges = Partial<Omit<ParticipantSnapshot, 'participantId' | 'isPrimary'>>;

export type ParticipantRemoved = DomainEvent<
  'ParticipantRemoved',
  { participantId: string; pricing: PriceBreakdown; at: string }
>;
export type PrimaryParticipantChanged = DomainEvent<
  'PrimaryParticipantChanged',
  { from: string; to: string; at: string }
>;
export type DiscountApplied = DomainEvent<
  'DiscountApplied',
  { discount: AppliedDiscount; amountCents: number; pricing: PriceBreakdown; at: string }
>;
export type PaymentRecorded = DomainEvent<
  'PaymentRecorded',
  { transactionId: string; amountCents: number; method: string; balanceDueCents: number; at: string }
>;
/**
 * `reinstatedCents` (present only when it grows, issue 45): staff confirmed a cancelled order that had
 * been refunded, and this much of its refunds, in all, is owed again.
 */
export type StatusChanged = DomainEvent<
  'StatusChanged',
  {
    from: RegistrationStatus;
    to: RegistrationStatus;
    source: StatusChangeSource;
    at: string;
    reinstatedCents?: number;
  }
>;
/**
 * `needsRefundReview` (present only when true): a paid order cancelled too close to the appointment
 * for an automatic refund; staff decide (see cancellationRefund).
 */
export type RegistrationCancelled = DomainEvent<
  'RegistrationCancelled',
  { from: RegistrationStatus; source: CancellationSource; at: string; needsRefundReview?: true }
>;
export type ExpiryReason = 'hold-expired';
/**
 * The payment hold ran out with nothing paid: the order is `expired`, and `seats` seats (with its
 * code redemption) go back in the same transaction. Appended once per order (worker).
 */
export type RegistrationExpired = DomainEvent<
  'RegistrationExpired',
  { holdUntil: string; seats: number; reason: ExpiryReason; at: string }
>;
/**
 * A payment arrived for an expired order whose seats were still free: it is awaiting payment again,
 * holds `seats` seats (reserved in the same transaction) and a new hold until `holdUntil`.
 */
export type RegistrationRevived = DomainEvent<
  'RegistrationRevived',
  { holdUntil: string; seats: number; at: string }
>;
/**
 * The order moved to another timeslot of its event: its `seats` seats were released on the old slot
 * and reserved on the new one in the same append. `sequence` is 1 + the earlier reschedules: the
 * calendar invite's SEQUENCE (the booking's is 0), so calendars update the entry they have. Who
 * moved it is the event's actor.
 */
export type RegistrationRescheduled = DomainEvent<
  'RegistrationRescheduled',
  {
    fromTimeslotId: number;
    /** yyyy-MM-dd and HH:mm of the slot it left, Singapore (the history line, the email) */
    fromDate: string;
    fromTime: string;
    toTimeslotId: number;
    /** yyyy-MM-dd, Singapore */
    toDate: string;
    /** HH:mm, Singapore */
    toTime: string;
    seats: number;
    sequence: number;
    at: string;
  }
>;
/**
 * Money given back through the gateway: `kind` 'void' (the sale was voided before it settled) or
 * 'refund'; `gatewayTransactionId` is the gateway's id of the void or refund; `refundedCents` is the
 * order's total refunded after this one. Who did it is the event's actor.
 */
export type RefundRecorded = DomainEvent<
  'RefundRecorded',
  {
    refundId: string;
    amountCents: number;
    kind: RefundKind;
    gatewayTransactionId: string;
    reason: string;
    refundedCents: number;
    at: string;
  }
>;
export type RefundKind = 'void' | 'refund';
/**
 * Step one of a refund through the gateway: `amountCents` of the card sale `transactionId` is
 * reserved, so refunds racing on one order can never together give back more than was paid. The
 * gateway's answer closes it with the same `refundId`: RefundRecorded (accepted) or RefundFailed.
 */
export type RefundRequested = DomainEvent<
  'RefundRequested',
  { refundId: string; amountCents: number; transactionId: string; reason: string; at: string }
>;
/**
 * 'refused': the gateway said no (its reason, e.g. not settled yet); 'unavailable': no answer, or an
 * unknown outcome.
 */
export type RefundFailure = 'refused' | 'unavailable';
/** The gateway did not give a requested refund back: nothing was refunded and the reservation is free. */
export type RefundFailed = DomainEvent<
  'RefundFailed',
  {
    refundId: string;
    amountCents: number;
    transactionId: string;
    failure: RefundFailure;
    reason: string;
    at: string;
  }
>;
/**
 * A charge the gateway accepted for an order that had expired in the same instant: voided at once
 * and never counted as paid (`transactionId` is the sale's id).
 */
export type PaymentVoided = DomainEvent<
  'PaymentVoided',
  { transactionId: string; amountCents: number; reason: string; at: string }
>;
/**
 * The *EmailSent and EmailDeliveryFailed facts: `to` is personal data (issue 24), encrypted under the data
 * key of `recipientId`, the participant whose address it is (absent on facts recorded before: left clear).
 */
export type ConfirmationEmailSent = DomainEvent<
  'ConfirmationEmailSent',
  { to: string; recipientId?: string; messageId: string | null; at: string }
>;
export type ReminderEmailSent = DomainEvent<
  'ReminderEmailSent',
  { to: string; recipientId?: string; messageId: string | null; at: string }
>;
export type PdfDocument = 'invoice' | 'receipt' | 'confirmation' | 'credit-note';
export type PdfGenerated = DomainEvent<
  'PdfGenerated',
  { document: PdfDocument; fileName: string; at: string }
>;
export type PartnerConfirmed = DomainEvent<'PartnerConfirmed', { bookingCode: string; at: string }>;
export type PartnerConfirmationFailed = DomainEvent<
  'PartnerConfirmationFailed',
  { bookingCode: string; reason: string; attempt: number; at: string }
>;

/** The receipt of one payment (its transaction id) was emailed (worker). */
export type ReceiptEmailSent = DomainEvent<
  'ReceiptEmailSent',
  { to: string; recipientId?: string; messageId: string | null; transactionId: string; at: string }
>;
export type CancellationEmailSent = DomainEvent<
  'CancellationEmailSent',
  { to: string; recipientId?: string; messageId: string | null; at: string }
>;
/** The expiry email of one expiry (the RegistrationExpired at `expiredAt`) was sent (worker). */
export type ExpiryEmailSent = DomainEvent<
  'ExpiryEmailSent',
  { to: string; recipientId?: string; messageId: string | null; expiredAt: string; at: string }
>;
/**
 * The rescheduled email of one move (the RegistrationRescheduled with this `sequence`), with the
 * updated calendar invite, was sent (worker).
 */
export type RescheduledEmailSent = DomainEvent<
  'RescheduledEmailSent',
  { to: string; recipientId?: string; messageId: string | null; sequence: number; at: string }
>;
/** The refund email of one refund (its refund id), with its credit note, was sent (worker). */
export type RefundEmailSent = DomainEvent<
  'RefundEmailSent',
  {
    to: string;
    recipientId?: string;
    messageId: string | null;
    refundId: string;
    creditNoteNumber: string;
    at: string;
  }
>;
/**
 * People of the party were checked in at the front desk (issue 23). `by` is the staff member's
 * username: a second scan answers with it straight from the stream (the actor is in the metadata too).
 */
export type ParticipantsCheckedIn = DomainEvent<
  'ParticipantsCheckedIn',
  { participantIds: string[]; by: string; at: string }
>;
/**
 * After the appointment's Singapore day ended, the people booked and never checked in (worker, once
 * per order). `appointmentDate` is yyyy-MM-dd, Singapore.
 */
export type MarkedNoShow = DomainEvent<
  'MarkedNoShow',
  { participantIds: string[]; appointmentDate: string; at: string }
>;
/** An email could not be delivered for good (refused address, or every retry failed) (worker). */
export type EmailDeliveryFailed = DomainEvent<
  'EmailDeliveryFailed',
  { emailType: string; to: string; recipientId?: string; reason: string; at: string }
>;

/**
 * Issue 24 (PDPA): a staff member (`by`, their username) revealed the unmasked identification numbers
 * of these participants in the order dialog.
 */
export type IdentificationRevealed = DomainEvent<
  'IdentificationRevealed',
  { participantIds: string[]; by: string; at: string }
>;
/** Issue 24: an access request: everything held about the order's people was downloaded by `by`. */
export type PersonalDataExported = DomainEvent<'PersonalDataExported', { by: string; at: string }>;
/** Why personal data was erased: a person's request (staff) or the retention period ran out (worker). */
export type ErasureReason = 'request' | 'retention';
/**
 * Issue 24: the personal data of everyone ever on the order was erased (their data keys destroyed in
 * the same transaction). `subjectIds` are the data-key subjects (`participant-<id>`), removed
 * participants included. The order keeps its reference, slot, package, amounts and statuses.
 */
export type PersonalDataErased = DomainEvent<
  'PersonalDataErased',
  { subjectIds: string[]; by: string; reason: ErasureReason; at: string }
>;

export type RegistrationEvent =
  | RegistrationBooked
  | ParticipantAdded
  | ParticipantUpdated
  | ParticipantRemoved
  | PrimaryParticipantChanged
  | DiscountApplied
  | PaymentRecorded
  | StatusChanged
  | RegistrationCancelled
  | RegistrationExpired
  | RegistrationRevived
  | RegistrationRescheduled
  | RefundRequested
  | RefundRecorded
  | RefundFailed
  | PaymentVoided
  | ConfirmationEmailSent
  | ReminderEmailSent
  | PdfGenerated
  | PartnerConfirmed
  | PartnerConfirmationFailed
  | ReceiptEmailSent
  | CancellationEmailSent
  | ExpiryEmailSent
  | RescheduledEmailSent
  | RefundEmailSent
  | EmailDeliveryFailed
  | ParticipantsCheckedIn
  | MarkedNoShow
  | IdentificationRevealed
  | PersonalDataExported
  | PersonalDataErased;

export const REGISTRATION_EVENT_TYPES = [
  'RegistrationBooked',
  'ParticipantAdded',
  'ParticipantUpdated',
  'ParticipantRemoved',
  'PrimaryParticipantChanged',
  'DiscountApplied',
  'PaymentRecorded',
  'StatusChanged',
  'RegistrationCancelled',
  'RegistrationExpired',
  'RegistrationRevived',
  'RegistrationRescheduled',
  'RefundRequested',
  'RefundRecorded',
  'RefundFailed',
  'PaymentVoided',
  'ConfirmationEmailSent',
  'ReminderEmailSent',
  'PdfGenerated',
  'PartnerConfirmed',
  'PartnerConfirmationFailed',
  'ReceiptEmailSent',
  'CancellationEmailSent',
  'ExpiryEmailSent',
  'RescheduledEmailSent',
  'RefundEmailSent',
  'EmailDeliveryFailed',
  'ParticipantsCheckedIn',
  'MarkedNoShow',
  'IdentificationRevealed',
  'PersonalDataExported',
  'PersonalDataErased',
] as const satisfies readonly RegistrationEvent['type'][];
