// The one way to read the `orders` read model: its row type and its readers, for the api and the worker.
import { openReadModelRows } from '@hs/privacy';
import {
  type ParticipantSnapshot,
  type PaymentMethodGroup,
  type PriceBreakdown,
  type RefundKind,
  type RegistrationStatus,
  type Venue,
  registrationStream,
} from '@hs/domain';
import { type Queryable, appliedStreamVersion } from '@hs/eventstore';
import { ordersProjection } from './orders';
import { readAppointmentVenue } from './venues';

/** One refund of an order (a RefundRecorded), as the `orders` projection lists it. */
export interface OrderRefund {
  /** The refund id the api chose (its idempotency key). */
  id: string;
  amountCents: number;
  kind: RefundKind;
  /** The gateway's id of the void or refund. */
  gatewayTransactionId: string;
  reason: string;
  /** ISO time the refund was recorded. */
  at: string;
}

/** One order as the `orders` projection keeps it: names and prices as booked. */
export interface OrderRow {
  registrationId: number;
  referenceNumber: string;
  status: RegistrationStatus;
  eventId: number;
  eventName: string;
  location: string | null;
  packageId: number;
  packageName: string;
  packagePriceCents: number;
  timeslotId: number;
  /** YYYY-MM-DD */
  timeslotDate: string | null;
  /** HH:MM */
  timeslotTime: string | null;
  firstName: string;
  lastName: string;
  email: string;
  mobileNumber: string | null;
  gender: string | null;
  identificationNumber: string | null;
  dateOfBirth: string | null;
  postalCode: string | null;
  unitNumber: string | null;
  address: string | null;
  region: string | null;
  medicalConditions: string | null;
  isAiaMember: boolean;
  participants: ParticipantSnapshot[];
  discountCode: string | null;
  discountIdentifierId: number | null;
  discountLabel: string | null;
  pricing: PriceBreakdown;
  totalCents: number;
  discountCents: number;
  memberDiscountCents: number;
  partnerPaidCents: number;
  balanceDueCents: number;
  paidCents: number;
  /** Of paidCents, what came through the card gateway: what Refund… can give back (issue 45). */
  cardPaidCents: number;
  /** paidCents by payment method group ('card', 'paynow', 'cash', ...; issue 48); absent groups paid nothing. */
  paidByMethod: Partial<Record<PaymentMethodGroup, number>>;
  transactionId: string | null;
  paymentMethod: string | null;
  wcBookingCode: string | null;
  confirmationEmailSent: boolean;
  cancelledAt: Date | null;
  /** When the payment hold runs out; set only while the order awaits payment with a hold. */
  holdUntil: Date | null;
  /** Refunded in total; the list oldest first, the last one's time in lastRefundAt. */
  refundedCents: number;
  /** The part of refundedCents owed again since staff confirmed the cancelled order (issue 45). */
  reinstatedCents: number;
  refunds: OrderRefund[];
  lastRefundAt: Date | null;
  /** Cancelled too late for an automatic refund: staff decide. */
  refundReview: boolean;
  expiredAt: Date | null;
  /** Per participant id, their check-in at the front desk (issue 23). */
  checkIns: Record<string, { at: string; by: string }>;
  /** The participant ids marked no-show after the appointment day, and when. */
  noShows: string[];
  noShowAt: Date | null;
  /** When the order's personal data was erased (issue 24): its personal fields are empty. */
  personalDataErasedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  /**
   * Where the appointment happens (issue 46): its region's venue, else the event's, read live from the
   * catalogue. Filled by readOrder and readOrderAtVersion; lists built on selectOrders leave it out.
   */
  venue?: Venue | null;
}

/** `select <every OrderRow field> from orders`, for callers that add their own where, order and limit. */
export const selectOrders = (sql: Queryable) => sql`
  select registration_id as "registrationId", reference_number as "referenceNumber", status, event_id as "eventId",
         event_name as "eventName", location, package_id as "packageId", package_name as "packageName", package_price_cents as "packagePriceCents",
         timeslot_id as "timeslotId", to_char(timeslot_date, 'YYYY-MM-DD') as "timeslotDate", timeslot_time as "timeslotTime",
         first_name as "firstName", last_name as "lastName", email, mobile_number as "mobileNumber", gender,
         identification_number as "identificationNumber", date_of_birth as "dateOfBirth", postal_code as "postalCode",
         unit_number as "unitNumber", address, region, medical_conditions as "medicalConditions",
         is_aia_member as "isAiaMember", participants,
         discount_code as "discountCode", discount_identifier_id as "discountIdentifierId", discount_label as "discountLabel",
         pricing, total_cents as "totalCents",
         discount_cents as "discountCents", member_discount_cents as "memberDiscountCents",
         partner_paid_cents as "partnerPaidCents", balance_due_cents as "balanceDueCents", paid_cents as "paidCents",
         card_paid_cents as "cardPaidCents", paid_by_method as "paidByMethod",
         transaction_id as "transactionId", payment_method as "paymentMethod", wc_booking_code as "wcBookingCode",
         confirmation_email_sent as "confirmationEmailSent", cancelled_at as "cancelledAt",
         hold_until as "holdUntil", refunded_cents as "refundedCents", reinstated_cents as "reinstatedCents", refunds, last_refund_at as "lastRefundAt",
         refund_review as "refundReview", expired_at as "expiredAt",
         check_ins as "checkIns", no_shows as "noShows", no_show_at as "noShowAt",
         personal_data_erased_at as "personalDataErasedAt",
         created_at as "createdAt", updated_at as "updatedAt"
  from orders`;

/**
 * Rows of selectOrders with the sealed fields (identification numbers, dates of birth, medical
 * conditions; issue 24) decrypted, one key query for all: every caller of selectOrders passes its rows
 * through this before using them.
 */
export function openOrders<T extends OrderRow>(sql: Queryable, rows: T[]): Promise<T[]> {
  return openReadModelRows(sql, rows);
}

/** The order with this registration id or reference number, as the read model has it now, with its venue. */
export async function readOrder(
  sql: Queryable,
  by: { id: number } | { reference: string },
): Promise<OrderRow | undefined> {
  const rows = await sql<OrderRow[]>`
    ${selectOrders(sql)} where ${'reference' in by ? sql`reference_number = ${by.reference}` : sql`registration_id = ${by.id}`}`;
  const [order] = await openOrders(sql, rows);
  if (!order) return undefined;
  return { ...order, venue: await readAppointmentVenue(sql, order.eventId, order.region) };
}

/** Thrown while the orders projection has not caught up yet: a job that reads the order is retried. */
export class OrderNotReadyError extends Error {
  override name = 'OrderNotReadyError';
}

/**
 * The order, once the projection has applied at least `minVersion` of its stream. Waits up to
 * `waitMs` (the projector usually follows within milliseconds), then throws OrderNotReadyError.
 */
export async function readOrderAtVersion(
  sql: Queryable,
  registrationId: number,
  minVersion: number,
  waitMs = 5_000,
): Promise<OrderRow> {
  const streamId = registrationStream(registrationId).id;
  const deadline = Date.now() + waitMs;
  for (;;) {
    // The version first: the projection commits it with the row, so a row read after it is at least as new.
    if ((await appliedStreamVersion(sql, ordersProjection.name, streamId)) >= minVersion) {
      const row = await readOrder(sql, { id: registrationId });
      if (row) return row;
    }
    if (Date.now() > deadline) {
      throw new OrderNotReadyError(`Order ${registrationId} is not in the orders read model yet`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
