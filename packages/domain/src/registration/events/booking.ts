/** The booking and the edits to its party and discount; those that change the price carry the new one. */
import type { DomainEvent } from '../../decider';
import type { Language } from '../../language';
import type { PriceBreakdown } from '../../pricing';
import type { RegistrationStatus } from '../../status';
import type {
  AppliedDiscount,
  ContactDetails,
  CorporateBooking,
  ParticipantChanges,
  ParticipantSnapshot,
  PartnerBooking,
  PrivacyConsent,
} from './details';

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
    /** Issue 51: absent on an order not booked under a corporate programme. */
    corporate?: CorporateBooking;
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

export type ParticipantAdded = DomainEvent<
  'ParticipantAdded',
  { participant: ParticipantSnapshot; pricing: PriceBreakdown; at: string }
>;
export type ParticipantUpdated = DomainEvent<
  'ParticipantUpdated',
  { participantId: string; changes: ParticipantChanges; pricing: PriceBreakdown; at: string }
>;
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
