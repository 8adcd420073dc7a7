/** What an email or a PDF needs about an order (read with readOrderAtVersion from @hs/read-models). */
import { manageLinkExpiry, signedManageUrl } from '@hs/commands';
import type { Sql } from '@hs/db';
import {
  type AppointmentCalendar,
  formatAppointmentDate,
  formatAppointmentTime,
  formatInstantDate,
  formatInstantDateTime,
  venueLine,
} from '@hs/domain';
import {
  type DocumentData,
  type DocumentPayment,
  type EmailContact,
  invoiceFromPricing,
} from '@hs/notifications';
import type { OrderRow } from '@hs/read-models';

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
  expired: 'Expired',
};

/** 'Sat, 7 Jun 2025, 2:15 PM' in Singapore time: the documents' (English) one format (issue 46). */
export const formatSingaporeDateTime = (d: Date): string => formatInstantDateTime('en', d);

/** 'Sat, 7 Jun 2025': the day in Singapore, in the documents' (English) one format (issue 46). */
export const formatSingaporeDate = (d: Date): string => formatInstantDate('en', d);

/** The event's page on the booking site (`/events/{slug}`), for links in emails. */
export async function eventUrl(sql: Sql, publicBaseUrl: string, eventId: number): Promise<string> {
  const [event] = await sql<{ slug: string }[]>`select slug from screening_events where id = ${eventId}`;
  const base = publicBaseUrl.replace(/\/+$/, '');
  return event ? `${base}/events/${encodeURIComponent(event.slug)}` : base;
}

/**
 * The booking's signed manage link (issue 46): `/manage-appointment?ref=…&token=…` opens it with
 * nothing else asked, until 30 days after the appointment's day (`appointmentDay`, Singapore
 * yyyy-MM-dd; without one, 30 days from now). MANAGE_LINK_SECRET signs it; the api verifies it.
 */
export function manageUrl(
  publicBaseUrl: string,
  referenceNumber: string,
  link: { secret: string; appointmentDay: string | null; now?: Date },
): string {
  const expiresAt = manageLinkExpiry(link.appointmentDay, link.now);
  return signedManageUrl(publicBaseUrl, link.secret, referenceNumber, expiresAt);
}

/**
 * Where the order's appointment happens, one line (issue 46): its venue's name, address and postal
 * code (readOrder fills `venue`: the region's, else the event's), else the event's location text.
 */
export const orderLocation = (order: OrderRow): string =>
  order.venue ? venueLine(order.venue) : (order.location ?? '');

/** The DocumentData of an order (money from its priced snapshot, so PDFs and emails agree to the cent). */
export function documentFromOrder(order: OrderRow, payment: DocumentPayment | null = null): DocumentData {
  const attendees = order.participants.map((p) => ({
    name: `${p.firstName} ${p.lastName}`.trim(),
    identificationNumber: p.identificationNumber,
    packageName: p.packageName,
    priceCents: p.packagePriceCents,
    isPrimary: p.isPrimary,
  }));
  const money = invoiceFromPricing(order.pricing, attendees, order.discountLabel, payment);
  const address = [order.address, order.unitNumber, order.postalCode ? `Singapore ${order.postalCode}` : null]
    .filter(Boolean)
    .join(', ');
  return {
    referenceNumber: order.referenceNumber,
    status: STATUS_LABELS[order.status] ?? order.status,
    eventName: order.eventName,
    eventLocation: orderLocation(order),
    venue: order.venue ?? null,
    appointmentDate: order.timeslotDate ? formatAppointmentDate('en', order.timeslotDate) : '',
    appointmentTime: order.timeslotTime ? formatAppointmentTime('en', order.timeslotTime) : '',
    customer: {
      name: `${order.firstName} ${order.lastName}`.trim(),
      email: order.email,
      phone: order.mobileNumber ?? '',
      address: address || null,
    },
    attendees,
    ...money,
    invoiceNumber: `INV-${order.referenceNumber}`,
    invoiceDate: formatSingaporeDate(order.createdAt),
    payment,
  };
}

/** The appointment an .ics describes: Singapore day and time, and its SEQUENCE. */
export interface Appointment {
  date: string;
  time: string;
  sequence: number;
}

/** The calendar invite of the order's appointment (the same UID for every invite of the order). */
export function calendarFromOrder(
  order: OrderRow,
  appointment: Appointment,
  stamp: Date,
): AppointmentCalendar {
  return {
    registrationId: order.registrationId,
    ...appointment,
    summary: order.eventName,
    location: orderLocation(order),
    geo:
      order.venue?.lat != null && order.venue.lng != null
        ? { lat: order.venue.lat, lng: order.venue.lng }
        : null,
    description: `Health screening appointment, booking reference ${order.referenceNumber}.`,
    stamp,
  };
}

export function contactFromOrder(order: OrderRow): EmailContact {
  return {
    firstName: order.firstName,
    lastName: order.lastName,
    email: order.email,
    phone: order.mobileNumber ?? '',
    identificationNumber: order.identificationNumber ?? '',
    dateOfBirth: order.dateOfBirth ?? '',
    postalCode: order.postalCode ?? '',
  };
}
