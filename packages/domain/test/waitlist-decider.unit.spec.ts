import { describe, expect, it } from 'vitest';
import {
  type TimeslotEvent,
  type WaitlistEvent,
  type WaitlistJoined,
  isActiveWaitlistStatus,
  liveOffer,
  timeslotDecider,
  waitlistDecider,
  waitlistEntryId,
  waitlistHoldKey,
  waitlistStream,
} from '../src';
import { fold, spec } from './given-when-then';

const at = '2026-12-01T01:00:00.000Z';
const expiresAt = '2026-12-01T03:00:00.000Z';
const later = '2026-12-01T05:00:00.000Z';
const given = spec(waitlistDecider);

const joinedData = (over: Partial<WaitlistJoined['data']> = {}): WaitlistJoined['data'] => ({
  entryId: 'e1',
  eventId: 7,
  packageId: 3,
  postalCode: '560123',
  region: 'central',
  firstName: 'Mei',
  lastName: 'Tan',
  email: 'mei@example.com',
  mobileNumber: '91234567',
  seats: 2,
  preferredDates: [],
  tokenHash: 'ab'.repeat(32),
  joinedAt: at,
  ...over,
});
const joined = (over: Partial<WaitlistJoined['data']> = {}): WaitlistEvent => ({
  type: 'WaitlistJoined',
  data: joinedData(over),
});
const offerMade: WaitlistEvent = {
  type: 'WaitlistOfferMade',
  data: { timeslotId: 11, date: '2026-12-05', time: '09:30', seats: 2, expiresAt, at },
};
const makeOffer = {
  type: 'MakeOffer',
  timeslotId: 11,
  date: '2026-12-05',
  time: '09:30',
  expiresAt,
  at,
} as const;
const claim = (over: Partial<{ eventId: number; timeslotId: number; seats: number; at: string }> = {}) =>
  ({
    type: 'ClaimOffer',
    eventId: 7,
    timeslotId: 11,
    seats: 2,
    registrationId: '99',
    referenceNumber: 'HS2612-0101-1234',
    at,
    ...over,
  }) as const;

describe('waiting list ids', () => {
  it('gives one entry per event and email, whatever its case and spaces', () => {
    const id = waitlistEntryId(7, 'Mei@Example.com ');
    expect(id).toMatch(/^[0-9a-f]{20}$/);
    expect(waitlistEntryId(7, ' mei@example.com')).toBe(id);
    expect(waitlistEntryId(8, 'mei@example.com')).not.toBe(id);
    expect(waitlistEntryId(7, 'mei2@example.com')).not.toBe(id);
    // SHA-256("7:mei@example.com") (as node:crypto computes it), first 20 hex characters: ids are forever.
    expect(id).toBe('164908a3a6150c277adb');
    expect(waitlistStream(id)).toEqual({ id: `waitlist-${id}`, category: 'waitlist' });
    expect(waitlistHoldKey(id)).toBe(`waitlist-${id}`);
  });
});

describe('waiting list entry', () => {
  it('joins, and refuses a second join while waiting or offered', () => {
    const s = given([]).when({ type: 'JoinWaitlist', data: joinedData() }).thenEvents([joined()]);
    expect(s.status).toBe('waiting');
    for (const history of [[joined()], [joined(), offerMade]]) {
      given(history)
        .when({ type: 'JoinWaitlist', data: joinedData() })
        .thenError({ code: 'ALREADY_EXISTS', message: 'You are already on the waiting list for this event' });
    }
  });

  it('joins again once the entry ended, as a new entry', () => {
    const ended: WaitlistEvent[][] = [
      [joined(), { type: 'WaitlistLeft', data: { by: 'customer', at } }],
      [joined(), { type: 'WaitlistLeft', data: { by: 'staff', at } }],
      [joined(), offerMade, { type: 'WaitlistOfferExpired', data: { timeslotId: 11, seats: 2, at: later } }],
      [
        joined(),
        offerMade,
        {
          type: 'WaitlistOfferClaimed',
          data: { registrationId: '9', referenceNumber: 'R', timeslotId: 11, at },
        },
      ],
    ];
    for (const history of ended) {
      const again = joinedData({ joinedAt: later, seats: 1 });
      const s = given(history)
        .when({ type: 'JoinWaitlist', data: again })
        .thenEvents([joined(again)]);
      expect(s).toEqual({ status: 'waiting', entry: again, offer: null, registrationId: null });
    }
  });

  it('refuses a join for no seats', () => {
    given([])
      .when({ type: 'JoinWaitlist', data: joinedData({ seats: 0 }) })
      .thenError({ code: 'INVALID' });
  });

  it('offers the seats the entry asked for, once', () => {
    const s = given([joined()]).when(makeOffer).thenEvents([offerMade]);
    expect(s.status).toBe('offered');
    expect(s.offer).toEqual({ timeslotId: 11, date: '2026-12-05', time: '09:30', seats: 2, expiresAt });
    given([joined(), offerMade]).when(makeOffer).thenError({ code: 'STATUS_NOT_ALLOWED' });
    given([]).when(makeOffer).thenError({ code: 'NOT_FOUND', message: 'Waiting list entry not found' });
    given([joined(), { type: 'WaitlistLeft', data: { by: 'customer', at } }])
      .when(makeOffer)
      .thenError({ code: 'STATUS_NOT_ALLOWED' });
  });

  it('expires an offer only once it is due, and only once', () => {
    given([joined(), offerMade]).when({ type: 'ExpireOffer', at }).thenEvents([]);
    const expired: WaitlistEvent = {
      type: 'WaitlistOfferExpired',
      data: { timeslotId: 11, seats: 2, at: expiresAt },
    };
    const s = given([joined(), offerMade]).when({ type: 'ExpireOffer', at: expiresAt }).thenEvents([expired]);
    expect(s.status).toBe('expired');
    expect(isActiveWaitlistStatus(s.status)).toBe(false);
    given([joined(), offerMade, expired]).when({ type: 'ExpireOffer', at: later }).thenEvents([]);
    given([joined()]).when({ type: 'ExpireOffer', at: later }).thenEvents([]);
  });

  it('records an email sent as a fact, whatever the status, and leaves the entry as it was', () => {
    const sent = { causeEventId: 'e-1', emailType: 'waitlist-offer', messageId: '<m@x>', at };
    const record = { type: 'RecordWaitlistEmailSent' as const, data: sent };
    const fact = { type: 'WaitlistEmailSent' as const, data: sent };
    const offered = given([joined(), offerMade]).when(record).thenEvents([fact]);
    expect(offered).toEqual(fold(waitlistDecider, [joined(), offerMade]));
    const left = { type: 'WaitlistLeft' as const, data: { by: 'customer' as const, at } };
    given([joined(), left]).when(record).thenEvents([fact]);
  });

  it('claims a live offer for its event and slot, with at most the seats offered', () => {
    const s = given([joined(), offerMade])
      .when(claim({ seats: 1 }))
      .thenEvents([
        {
          type: 'WaitlistOfferClaimed',
          data: { registrationId: '99', referenceNumber: 'HS2612-0101-1234', timeslotId: 11, at },
        },
      ]);
    expect(s.status).toBe('booked');
    expect(s.registrationId).toBe('99');
    given([joined(), offerMade])
      .when(claim({ seats: 3 }))
      .thenError({ code: 'TOO_MANY_PARTICIPANTS', message: 'This offer holds 2 seats' });
    given([joined(), offerMade])
      .when(claim({ timeslotId: 12 }))
      .thenError({ code: 'INVALID', message: 'This offer is for another timeslot' });
    given([joined(), offerMade])
      .when(claim({ eventId: 8 }))
      .thenError({ code: 'INVALID', message: 'This offer is for another event' });
  });

  it('refuses a claim at or after the expiry, or without an offer', () => {
    const expired = { code: 'EXPIRED', message: 'This offer has expired' } as const;
    given([joined(), offerMade])
      .when(claim({ at: expiresAt }))
      .thenError(expired);
    given([joined(), offerMade])
      .when(claim({ at: later }))
      .thenError(expired);
    given([joined()]).when(claim()).thenError(expired);
    given([
      joined(),
      offerMade,
      { type: 'WaitlistOfferExpired', data: { timeslotId: 11, seats: 2, at: later } },
    ])
      .when(claim())
      .thenError(expired);
    given([]).when(claim()).thenError({ code: 'NOT_FOUND' });
    expect(liveOffer(fold(waitlistDecider, [joined(), offerMade]), at)).not.toBeNull();
    expect(liveOffer(fold(waitlistDecider, [joined(), offerMade]), expiresAt)).toBeNull();
  });

  it('leaves (customer) or is removed (staff) while active; leaving again changes nothing', () => {
    const left = given([joined(), offerMade])
      .when({ type: 'LeaveWaitlist', by: 'customer', at })
      .thenEvents([{ type: 'WaitlistLeft', data: { by: 'customer', at } }]);
    expect(left.status).toBe('left');
    // The offer is still known after leaving: the command releases its seats in the same append.
    expect(left.offer?.seats).toBe(2);
    const removed = given([joined()])
      .when({ type: 'LeaveWaitlist', by: 'staff', at })
      .thenEvents([{ type: 'WaitlistLeft', data: { by: 'staff', at } }]);
    expect(removed.status).toBe('removed');
    given([joined(), { type: 'WaitlistLeft', data: { by: 'staff', at } }])
      .when({ type: 'LeaveWaitlist', by: 'customer', at })
      .thenEvents([]);
    given([]).when({ type: 'LeaveWaitlist', by: 'customer', at }).thenError({ code: 'NOT_FOUND' });
  });
});

describe('a slot claiming a waiting-list hold', () => {
  const hold = waitlistHoldKey('e1');
  const slot = spec(timeslotDecider);
  const reserved = (registrationId: string, seats: number, bookedAfter: number): TimeslotEvent => ({
    type: 'SeatsReserved',
    data: { registrationId, seats, bookedAfter, at },
  });
  const history = [reserved('1', 17, 17), reserved(hold, 3, 20)];

  it('turns the hold into the booking in one decision, releasing seats not used', () => {
    const s = slot(history)
      .when({ type: 'ClaimHold', holdKey: hold, registrationId: '42', seats: 2, at })
      .thenEvents([
        {
          type: 'SeatsReleased',
          data: { registrationId: hold, seats: 3, bookedAfter: 17, reason: 'offer-claimed', at },
        },
        reserved('42', 2, 19),
      ]);
    expect(s).toEqual({ capacity: 20, booked: 19, blocked: false, reservations: { '1': 17, '42': 2 } });
    const all = slot(history)
      .when({ type: 'ClaimHold', holdKey: hold, registrationId: '42', seats: 3, at })
      .thenEvents([
        {
          type: 'SeatsReleased',
          data: { registrationId: hold, seats: 3, bookedAfter: 17, reason: 'offer-claimed', at },
        },
        reserved('42', 3, 20),
      ]);
    expect(all.booked).toBe(20);
  });

  it('refuses without the hold, beyond it, or on a blocked slot', () => {
    slot([reserved('1', 17, 17)])
      .when({ type: 'ClaimHold', holdKey: hold, registrationId: '42', seats: 1, at })
      .thenError({ code: 'EXPIRED', message: 'This offer has expired' });
    slot([
      ...history,
      {
        type: 'SeatsReleased',
        data: { registrationId: hold, seats: 3, bookedAfter: 17, reason: 'offer-expired', at },
      },
    ])
      .when({ type: 'ClaimHold', holdKey: hold, registrationId: '42', seats: 1, at })
      .thenError({ code: 'EXPIRED' });
    slot(history)
      .when({ type: 'ClaimHold', holdKey: hold, registrationId: '42', seats: 4, at })
      .thenError({ code: 'TOO_MANY_PARTICIPANTS', message: 'This offer holds 3 seats' });
    slot(history)
      .when({ type: 'ClaimHold', holdKey: hold, registrationId: '42', seats: 0, at })
      .thenError({ code: 'INVALID' });
    slot([...history, { type: 'SlotBlocked', data: { at } }])
      .when({ type: 'ClaimHold', holdKey: hold, registrationId: '42', seats: 1, at })
      .thenError({ code: 'SLOT_NOT_AVAILABLE' });
  });

  it('keeps held seats from an ordinary booking', () => {
    slot(history)
      .when({ type: 'ReserveSeats', registrationId: '43', seats: 1, at })
      .thenError({ code: 'SLOT_FULL', message: 'This timeslot is fully booked' });
  });
});
