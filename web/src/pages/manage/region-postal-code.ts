import { isRegion, regionDefinition } from '@hs/domain';

/** A served postal code used when a booking has no region (a manual event's slots are region-less). */
const ANY_SERVED_POSTAL_CODE = '018956';

/**
 * A postal code in `region`, for the public timeslot call. The lookup answers the booking's region but
 * not the customer's postal code (personal data stays out of a reference-only answer), and a region's
 * slots are the same for every postal code in it: its first two-digit prefix stands for all.
 */
export function postalCodeInRegion(region: string | null | undefined): string {
  if (!isRegion(region)) return ANY_SERVED_POSTAL_CODE;
  const prefix = regionDefinition(region).prefixes[0]!;
  return `${String(prefix).padStart(2, '0')}0000`;
}
