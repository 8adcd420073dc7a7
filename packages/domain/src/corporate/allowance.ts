/**
 * A programme's cap (its bookings) and an employee's entitlement (their bookings) are counted uses
 * (counted-uses.ts): booked in the booking's own append, given back when the order is cancelled or
 * expires, taken again when it is revived.
 */
import { countedUseDecider, type CountedUseEvent } from '../counted-uses';
import { PROGRAMME_MESSAGES } from './messages';

export const programmeCapDecider = countedUseDecider(
  { used: 'ProgrammeBookingCounted', released: 'ProgrammeBookingReleased' },
  { code: 'PROGRAMME_FULL', message: PROGRAMME_MESSAGES.fullyBooked },
);

export const entitlementDecider = countedUseDecider(
  { used: 'EntitlementUsed', released: 'EntitlementReturned' },
  { code: 'ENTITLEMENT_USED', message: PROGRAMME_MESSAGES.entitlementUsed },
);

export type ProgrammeCapEvent = CountedUseEvent<'ProgrammeBookingCounted', 'ProgrammeBookingReleased'>;
export type EntitlementEvent = CountedUseEvent<'EntitlementUsed', 'EntitlementReturned'>;
export type ProgrammeEvent = ProgrammeCapEvent | EntitlementEvent;
export const PROGRAMME_EVENT_TYPES = [
  'ProgrammeBookingCounted',
  'ProgrammeBookingReleased',
  'EntitlementUsed',
  'EntitlementReturned',
] as const satisfies readonly ProgrammeEvent['type'][];
