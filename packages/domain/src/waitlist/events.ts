/**
 * Events of a `waitlist-<entryId>` stream: one person's place on one event's waiting list (one stream
 * per event and email, so the log itself keeps a person to one entry per event).
 */
import type { DomainEvent } from '../decider';
import type { Language } from '../language';

/** Who joins an event's waiting list, for which package, near where and for how many seats, as they gave it. */
export interface WaitlistApplicant {
  eventId: number;
  packageId: number;
  postalCode: string;
  firstName: string;
  lastName: string;
  email: string;
  mobileNumber: string;
  seats: number;
}

export type WaitlistJoined = DomainEvent<
  'WaitlistJoined',
  WaitlistApplicant & {
    entryId: string;
    /** The postal code's region (see regions.ts); the slots offered are this region's. */
    region: string;
    /** yyyy-MM-dd; empty: any date. */
    preferredDates: string[];
    /** Hex SHA-256 of the entry's token (the token itself is never stored). */
    tokenHash: string;
    joinedAt: string;
    /** The language the visitor joined in (issue 46): the entry's emails are written in it. Absent: English. */
    language?: Language;
  }
>;
/** Seats of a slot held for the entry (SeatsReserved under waitlistHoldKey on the slot, same append). */
export type WaitlistOfferMade = DomainEvent<
  'WaitlistOfferMade',
  { timeslotId: number; date: string; time: string; seats: number; expiresAt: string; at: string }
>;
/** The offer lapsed: its seats went back to the slot and the entry left the list. */
export type WaitlistOfferExpired = DomainEvent<
  'WaitlistOfferExpired',
  { timeslotId: number; seats: number; at: string }
>;
/** The offer became a booking (RegistrationBooked and the slot's ClaimHold in the same append). */
export type WaitlistOfferClaimed = DomainEvent<
  'WaitlistOfferClaimed',
  { registrationId: string; referenceNumber: string; timeslotId: number; at: string }
>;
/** Left by the customer, or removed by staff; any held seats released in the same append. */
export type WaitlistLeft = DomainEvent<'WaitlistLeft', { by: 'customer' | 'staff'; at: string }>;

/**
 * The worker sent the entry's email for `causeEventId` (issue 47: what was done is in the log). A
 * worker's fact: it changes no state, and the waiting-list projection does not read it (it is not in
 * WAITLIST_EVENT_TYPES). Ids only, no address.
 */
export type WaitlistEmailSent = DomainEvent<
  'WaitlistEmailSent',
  { causeEventId: string; emailType: string; messageId: string; at: string }
>;

export type WaitlistEvent =
  | WaitlistJoined
  | WaitlistOfferMade
  | WaitlistOfferExpired
  | WaitlistOfferClaimed
  | WaitlistLeft
  | WaitlistEmailSent;
export const WAITLIST_EVENT_TYPES = [
  'WaitlistJoined',
  'WaitlistOfferMade',
  'WaitlistOfferExpired',
  'WaitlistOfferClaimed',
  'WaitlistLeft',
] as const satisfies readonly WaitlistEvent['type'][];
