/** What an email or a PDF needs about an order, from the `orders` read model. */
import type { Sql } from '@hs/db';
import {
  type ParticipantSnapshot,
  type PriceBreakdown,
  SINGAPORE_TZ,
  formatDateLabel,
  formatTimeLabel,
} from '@hs/domain';
import {
  type DocumentData,
  type DocumentPayment,
  type EmailContact,
  invoiceFromPricing,
} from '@hs/notifications';

export interface OrderRow {
  registration_id: number;
  reference_number: string;
  status: string;
  event_name: string;
  location: string | null;
  timeslot_id: number;
  timeslot_date: string | null;
  timeslot_time: string | null;
  first_name: string;
  last_name: string;
  email: string;
  mobile_number: string | null;
  identification_number: string | null;
  date_of_birth: string | null;
  postal_code: string | null;
  unit_number: string | null;
  address: string | null;
  participants: ParticipantSnapshot[];
  discount_label: string | null;
  pricing: PriceBreakdown;
  paid_cents: number;
  transaction_id: string | null;
  payment_method: string | null;
  cancelled_at: Date | null;
  created_at: Date;
}

/** Thrown while the orders projection has not caught up yet: the job is retried. */
export class OrderNotReadyError extends Error {
  override name = 'OrderNotReadyError';
}

/**
 * The order row, once the projection has applied at least `minVersion` of its stream. Waits up to
 * `waitMs` (the projector usually follows within milliseconds), then throws OrderNotReadyError.
 */
export async function readOrder(
  sql: Sql,
  registrationId: number,
  minVersion: number,
  waitMs = 5_000,
): Promise<OrderRow> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const [row] = await sql<(OrderRow & { applied: number | null })[]>`
      select o.*, to_char(o.timeslot_date, 'YYYY-MM-DD') as timeslot_date,
             (select v.version from projection_stream_versions v
               where v.projection = 'orders' and v.stream_id = ${`registration-${registrationId}`}) as applied
      from orders o where o.registration_id = ${registrationId}`;
    if (row && (row.applied ?? 0) >= minVersion) return row;
    if (Date.now() > deadline) {
      throw new OrderNotReadyError(`Order ${registrationId} is not in the orders read model yet`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** configKey -> configValue of every email config. */
export async function readEmailConfigs(sql: Sql): Promise<Record<string, string>> {
  const rows = await sql<{ config_key: string; config_value: string }[]>`
    select config_key, config_value from email_configs`;
  return Object.fromEntries(rows.map((r) => [r.config_key, r.config_value]));
}

const STATUS_LABELS: Record<string, string> = {
  pending: 'Pending',
  pending_payment: 'Payment Pending',
  confirmed: 'Confirmed',
  paid: 'Paid',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

const dateTimeFormat = new Intl.DateTimeFormat('en-SG', {
  timeZone: SINGAPORE_TZ,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});
const dayFormat = new Intl.DateTimeFormat('en-SG', {
  timeZone: SINGAPORE_TZ,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** '7 May 2025, 2:15 pm' in Singapore time. */
export const formatSingaporeDateTime = (d: Date): string => dateTimeFormat.format(d);

/** The DocumentData of an order (money from its priced snapshot, so PDFs and emails agree to the cent). */
export function documentFromOrder(order: OrderRow, payment: DocumentPayment | null = null): DocumentData {
  const attendees = order.participants.map((p) => ({
    name: `${p.firstName} ${p.lastName}`.trim(),
    identificationNumber: p.identificationNumber,
    packageName: p.packageName,
    priceCents: p.packagePriceCents,
    isPrimary: p.isPrimary,
  }));
  const money = invoiceFromPricing(order.pricing, attendees, order.discount_label, payment);
  const address = [
    order.address,
    order.unit_number,
    order.postal_code ? `Singapore ${order.postal_code}` : null,
  ]
    .filter(Boolean)
    .join(', ');
  return {
    referenceNumber: order.reference_number,
    status: STATUS_LABELS[order.status] ?? order.status,
    eventName: order.event_name,
    eventLocation: order.location ?? '',
    appointmentDate: order.timeslot_date ? formatDateLabel(order.timeslot_date) : '',
    appointmentTime: order.timeslot_time ? formatTimeLabel(order.timeslot_time) : '',
    customer: {
      name: `${order.first_name} ${order.last_name}`.trim(),
      email: order.email,
      phone: order.mobile_number ?? '',
      address: address || null,
    },
    attendees,
    ...money,
    invoiceNumber: `INV-${order.reference_number}`,
    invoiceDate: dayFormat.format(order.created_at),
    payment,
  };
}

export function contactFromOrder(order: OrderRow): EmailContact {
  return {
    firstName: order.first_name,
    lastName: order.last_name,
    email: order.email,
    phone: order.mobile_number ?? '',
    identificationNumber: order.identification_number ?? '',
    dateOfBirth: order.date_of_birth ?? '',
    postalCode: order.postal_code ?? '',
  };
}
