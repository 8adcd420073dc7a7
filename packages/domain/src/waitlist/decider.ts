/**
 * One person's place on an event's waiting list: waiting -> offered -> booked | expired, and from
 * waiting or offered -> left (customer) | removed (staff). An offer holds seats of one slot for a while
 * (the slot's stream holds them under waitlistHoldKey, in the same append); an offer not taken by
 * `expiresAt` ends the entry, so the seats pass to the next one. A finished entry may join again.
 */
import { type Decider, type Decision, domainError } from '../decider';
import type { WaitlistEmailSent, WaitlistEvent, WaitlistJoined } from './events';

export type WaitlistStatus = 'waiting' | 'offered' | 'booked' | 'expired' | 'left' | 'removed';

/** Statuses that still hold a place on the list (and count for `position`). */
export const ACTIVE_WAITLIST_STATUSES = ['waiting', 'offered'] as const satisfies readonly WaitlistStatus[];

export const isActiveWaitlistStatus = (status: WaitlistStatus | null): boolean =>
  status === 'waiting' || status === 'offered';

export interface WaitlistOffer {
  timeslotId: number;
  date: string;
  time: string;
  seats: number;
  expiresAt: string;
}

export interface WaitlistState {
  /** null: no entry (never joined). */
  status: WaitlistStatus | null;
  entry: WaitlistJoined['data'] | null;
  /** The current offer while offered; the last one after it was claimed or expired. */
  offer: WaitlistOffer | null;
  registrationId: string | null;
}

export type WaitlistCommand =
  | { type: 'JoinWaitlist'; data: WaitlistJoined['data'] }
  | { type: 'MakeOffer'; timeslotId: number; date: string; time: string; expiresAt: string; at: string }
  | { type: 'ExpireOffer'; at: string }
  | {
      type: 'ClaimOffer';
      eventId: number;
      timeslotId: number;
      /** Participants of the booking: at most the seats offered. */
      seats: number;
      registrationId: string;
      referenceNumber: string;
      at: string;
    }
  | { type: 'LeaveWaitlist'; by: 'customer' | 'staff'; at: string }
  /** The worker's record of an email it sent (issue 47), taken as it happened. */
  | { type: 'RecordWaitlistEmailSent'; data: WaitlistEmailSent['data'] };

export const WAITLIST_MESSAGES = {
  notFound: 'Waiting list entry not found',
  alreadyOn: 'You are already on the waiting list for this event',
  notWaiting: 'This waiting list entry is not waiting for an offer',
  expired: 'This offer has expired',
  otherEvent: 'This offer is for another event',
  otherSlot: 'This offer is for another timeslot',
  tooMany: (seats: number) => `This offer holds ${seats} ${seats === 1 ? 'seat' : 'seats'}`,
  badSeats: 'Seats must be a whole number of at least 1',
} as const;

export function initialWaitlistState(): WaitlistState {
  return { status: null, entry: null, offer: null, registrationId: null };
}

const isWhole = (n: number) => Number.isInteger(n) && n >= 1;
const before = (a: string, b: string) => Date.parse(a) < Date.parse(b);

/** The offer while it can still be claimed at `at` (strictly before its expiry), else null. */
export function liveOffer(state: WaitlistState, at: string): WaitlistOffer | null {
  return state.status === 'offered' && state.offer && before(at, state.offer.expiresAt) ? state.offer : null;
}

export function decideWaitlist(state: WaitlistState, command: WaitlistCommand): Decision<WaitlistEvent> {
  if (command.type === 'JoinWaitlist') {
    if (isActiveWaitlistStatus(state.status))
      return domainError('ALREADY_EXISTS', WAITLIST_MESSAGES.alreadyOn);
    if (!isWhole(command.data.seats)) return domainError('INVALID', WAITLIST_MESSAGES.badSeats);
    return [{ type: 'WaitlistJoined', data: command.data }];
  }
  if (state.status === null) return domainError('NOT_FOUND', WAITLIST_MESSAGES.notFound);
  switch (command.type) {
    case 'MakeOffer': {
      if (state.status !== 'waiting') return domainError('STATUS_NOT_ALLOWED', WAITLIST_MESSAGES.notWaiting);
      const { timeslotId, date, time, expiresAt, at } = command;
      return [
        {
          type: 'WaitlistOfferMade',
          data: { timeslotId, date, time, seats: state.entry!.seats, expiresAt, at },
        },
      ];
    }
    case 'ExpireOffer': {
      // Not offered any more (claimed, left, expired already) or not due yet: nothing to do.
      if (state.status !== 'offered' || liveOffer(state, command.at)) return [];
      const { timeslotId, seats } = state.offer!;
      return [{ type: 'WaitlistOfferExpired', data: { timeslotId, seats, at: command.at } }];
    }
    case 'ClaimOffer': {
      const offer = liveOffer(state, command.at);
      if (!offer) return domainError('EXPIRED', WAITLIST_MESSAGES.expired);
      if (command.eventId !== state.entry!.eventId)
        return domainError('INVALID', WAITLIST_MESSAGES.otherEvent);
      if (command.timeslotId !== offer.timeslotId) return domainError('INVALID', WAITLIST_MESSAGES.otherSlot);
      if (!isWhole(command.seats)) return domainError('INVALID', WAITLIST_MESSAGES.badSeats);
      if (command.seats > offer.seats)
        return domainError('TOO_MANY_PARTICIPANTS', WAITLIST_MESSAGES.tooMany(offer.seats));
      const { registrationId, referenceNumber, at } = command;
      return [
        {
          type: 'WaitlistOfferClaimed',
          data: { registrationId, referenceNumber, timeslotId: offer.timeslotId, at },
        },
      ];
    }
    case 'LeaveWaitlist':
      // Leaving twice, or after the entry ended, changes nothing.
      if (!isActiveWaitlistStatus(state.status)) return [];
      return [{ type: 'WaitlistLeft', data: { by: command.by, at: command.at } }];
    case 'RecordWaitlistEmailSent':
      // A fact: it happened whatever the entry's status is now.
      return [{ type: 'WaitlistEmailSent', data: command.data }];
  }
}

export function evolveWaitlist(state: WaitlistState, event: WaitlistEvent): WaitlistState {
  switch (event.type) {
    case 'WaitlistJoined':
      return { status: 'waiting', entry: event.data, offer: null, registrationId: null };
    case 'WaitlistOfferMade': {
      const { timeslotId, date, time, seats, expiresAt } = event.data;
      return { ...state, status: 'offered', offer: { timeslotId, date, time, seats, expiresAt } };
    }
    case 'WaitlistOfferExpired':
      return { ...state, status: 'expired' };
    case 'WaitlistOfferClaimed':
      return { ...state, status: 'booked', registrationId: event.data.registrationId };
    case 'WaitlistLeft':
      return { ...state, status: event.data.by === 'staff' ? 'removed' : 'left' };
    case 'WaitlistEmailSent':
      return state;
  }
}

export const waitlistDecider: Decider<WaitlistState, WaitlistCommand, WaitlistEvent> = {
  initialState: initialWaitlistState,
  decide: decideWaitlist,
  evolve: evolveWaitlist,
};
