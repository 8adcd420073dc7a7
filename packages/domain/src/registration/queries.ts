/**
 * Facts read off an order's state, by the decide functions and by the api and worker (seats to give
 * back, a discount redemption to release, what is left to pay).
 */
import { type PriceBreakdown, priceOrder } from '../pricing';
import { isReleasedStatus } from '../status';
import type { SeatReleaseReason } from '../timeslot/events';
import type { AppliedDiscount, CorporateBooking, ParticipantSnapshot, PartnerBooking } from './events';
import type { RegistrationState } from './state';
import { type StatusChangeView, outstandingOf } from './status-change';

/** Prices an order from participant snapshots, discount and partner payment. */
export function priceRegistration(
  participants: readonly ParticipantSnapshot[],
  discount: AppliedDiscount | null,
  partner: PartnerBooking | null,
  corporate: Pick<CorporateBooking, 'companyPays'> | null = null,
): PriceBreakdown {
  return priceOrder({
    participants: participants.map((p) => ({
      packagePriceCents: p.packagePriceCents,
      aiaPriceCents: p.aiaPriceCents,
      memberVerified: p.memberVerified,
    })),
    discount: discount?.rule ?? null,
    partnerPaidCents: partner?.paidCents ?? 0,
    ...(corporate ? { companyPays: corporate.companyPays } : {}),
  });
}

/** What is still to pay: the order's balance due minus payments recorded, plus refunds owed again. */
export function outstandingCents(state: RegistrationState): number {
  return outstandingOf({
    balanceDueCents: state.pricing?.balanceDueCents ?? 0,
    paidCents: state.paidCents,
    reinstatedCents: state.reinstatedCents,
  });
}

/** The facts an admin status change is decided on (status-change.ts). */
export function statusChangeView(state: RegistrationState): StatusChangeView {
  return {
    status: state.status!,
    participants: state.participants.length,
    balanceDueCents: state.pricing?.balanceDueCents ?? 0,
    paidCents: state.paidCents,
    cardPaidCents: state.cardPaidCents,
    refundedCents: state.refundedCents,
    reinstatedCents: state.reinstatedCents,
    pendingRefunds: state.pendingRefunds.length,
  };
}

/** Seats this registration holds in its timeslot: one per participant, none once cancelled or expired. */
export function seatsHeld(state: RegistrationState): number {
  return state.exists && !isReleasedStatus(state.status!) ? state.participants.length : 0;
}

/** The order holds a redemption of its discount code (it has one, and is not cancelled or expired). */
export function holdsRedemption(state: RegistrationState): boolean {
  return state.exists && state.discount !== null && !isReleasedStatus(state.status!);
}

/** A change that gives the code redemption back (a cancellation or an expiry). */
export function releasesRedemption(before: RegistrationState, after: RegistrationState): boolean {
  return holdsRedemption(before) && !holdsRedemption(after);
}

/** A change that takes the code redemption again (an expired order revived by a payment). */
export function reclaimsRedemption(before: RegistrationState, after: RegistrationState): boolean {
  return !holdsRedemption(before) && holdsRedemption(after);
}

/** Why a change that leaves the order holding fewer seats gives them back. */
export function seatReleaseReason(after: RegistrationState): SeatReleaseReason {
  if (after.status === 'cancelled') return 'cancelled';
  if (after.status === 'expired') return 'expired';
  return 'participant-removed';
}
