/**
 * Every stream of the event log: how its id is made from the id of what it records, and its
 * category (the log's `stream_type`). Whatever names a stream takes it from here, so a stream is
 * spelled one way.
 */

export type StreamCategory =
  | 'registration'
  | 'timeslot'
  | 'discount-code'
  | 'partner-booking'
  | 'waitlist'
  | 'invoice-sequence'
  | 'programme';

export interface StreamName {
  id: string;
  category: StreamCategory;
}

const REGISTRATION_PREFIX = 'registration-';
const TIMESLOT_PREFIX = 'timeslot-';

/** One order: its booking, participants, payments, status and the worker's facts. */
export const registrationStream = (registrationId: number | string): StreamName => ({
  id: `${REGISTRATION_PREFIX}${registrationId}`,
  category: 'registration',
});

/** One timeslot's seats, blocking and capacity. */
export const timeslotStream = (timeslotId: number): StreamName => ({
  id: `${TIMESLOT_PREFIX}${timeslotId}`,
  category: 'timeslot',
});

/** The redemptions of one discount code. */
export const discountCodeStream = (identifierId: number): StreamName => ({
  id: `discount-code-${identifierId}`,
  category: 'discount-code',
});

/** The redemptions of every code of a discount (its "bin" limit): the same events as a code's stream. */
export const discountStream = (discountId: number): StreamName => ({
  id: `discount-${discountId}`,
  category: 'discount-code',
});

/** The one booking a partner's booking code completed. */
export const partnerBookingStream = (bookingCode: string): StreamName => ({
  id: `partner-booking-${bookingCode}`,
  category: 'partner-booking',
});

/** One person's place on one event's waiting list (entry id: waitlistEntryId(eventId, email)). */
export const waitlistStream = (entryId: string): StreamName => ({
  id: `waitlist-${entryId}`,
  category: 'waitlist',
});

/**
 * The numbers of one prefix, kind and year of issued documents: its version is the last number
 * issued (`invoice-sequence-invoice-HS-2026`, `invoice-sequence-credit-note-HS-2026`).
 */
export const invoiceSequenceStream = (
  prefix: string,
  kind: 'invoice' | 'credit-note',
  year: number,
): StreamName => ({
  id: `invoice-sequence-${kind}-${prefix}-${year}`,
  category: 'invoice-sequence',
});

/** The bookings holding a place under one corporate programme's cap (issue 51). */
export const programmeStream = (programmeId: number): StreamName => ({
  id: `programme-${programmeId}`,
  category: 'programme',
});

/**
 * One employee's bookings under a programme's entitlement. `employeeHash` is employeeKeyHash's: the
 * log outlives a roster, so its stream ids carry no email address or employee id.
 */
export const programmeEntitlementStream = (programmeId: number, employeeHash: string): StreamName => ({
  id: `programme-entitlement-${programmeId}-${employeeHash}`,
  category: 'programme',
});

/** The company invoices of one programme (issue 51): each appended at the stream's expected version. */
export const companyBillingStream = (programmeId: number): StreamName => ({
  id: `company-billing-${programmeId}`,
  category: 'programme',
});

export const isRegistrationStream = (streamId: string): boolean => streamId.startsWith(REGISTRATION_PREFIX);

export const registrationIdOf = (streamId: string): number =>
  Number(streamId.slice(REGISTRATION_PREFIX.length));

export const timeslotIdOf = (streamId: string): number => Number(streamId.slice(TIMESLOT_PREFIX.length));
