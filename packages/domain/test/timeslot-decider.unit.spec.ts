import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type TimeslotCommand,
  type TimeslotEvent,
  decideTimeslot,
  domainErrorHttpStatus,
  evolveTimeslot,
  initialTimeslotState,
  isDomainError,
  seatsLeft,
  timeslotAvailability,
  timeslotDecider,
  timeslotStateFromLatest,
} from '../src';
import { spec } from './given-when-then';

const at = '2026-01-05T01:00:00.000Z';
const given = spec(timeslotDecider);
const reserved = (registrationId: string, seats: number, bookedAfter: number): TimeslotEvent => ({
  type: 'SeatsReserved',
  data: { registrationId, seats, bookedAfter, at },
});

describe('timeslot capacity', () => {
  it('reserves seats (default capacity 20)', () => {
    const state = given([])
      .when({ type: 'ReserveSeats', registrationId: 'r1', seats: 3, at })
      .thenEvents([reserved('r1', 3, 3)]);
    expect(state).toEqual({ capacity: 20, booked: 3, blocked: false, reservations: { r1: 3 } });
    expect(timeslotAvailability(state)).toEqual({ maxAttendees: 20, currentAttendees: 3, isAvailable: true });
  });

  it("refuses when full: 'This timeslot is fully booked'", () => {
    given([reserved('r1', 20, 20)])
      .when({ type: 'ReserveSeats', registrationId: 'r2', seats: 1, at })
      .thenError({ code: 'SLOT_FULL', message: 'This timeslot is fully booked' });
    given([reserved('r1', 18, 18)])
      .when({ type: 'ReserveSeats', registrationId: 'r2', seats: 3, at })
      .thenError({ code: 'SLOT_FULL', message: 'Only 2 slots left in this timeslot' });
    given([reserved('r1', 19, 19)])
      .when({ type: 'ReserveSeats', registrationId: 'r2', seats: 2, at })
      .thenError({ message: 'Only 1 slot left in this timeslot' });
  });

  it("refuses a blocked slot: 'This timeslot is not available'", () => {
    const r = given([{ type: 'SlotBlocked', data: { at } }]).when({
      type: 'ReserveSeats',
      registrationId: 'r1',
      seats: 1,
      at,
    });
    r.thenError({ code: 'SLOT_NOT_AVAILABLE', message: 'This timeslot is not available' });
    expect(domainErrorHttpStatus(r.result as never)).toBe(409);
  });

  it('refuses a non-whole seat count', () => {
    given([])
      .when({ type: 'ReserveSeats', registrationId: 'r1', seats: 0, at })
      .thenError({ code: 'INVALID', message: 'Seats must be a whole number of at least 1' });
    given([reserved('r1', 2, 2)])
      .when({ type: 'ReleaseSeats', registrationId: 'r1', seats: 1.5, reason: 'cancelled', at })
      .thenError({ code: 'INVALID' });
  });

  it('releases what a registration holds, and releasing twice is harmless', () => {
    const state = given([reserved('r1', 3, 3), reserved('r2', 2, 5)])
      .when({ type: 'ReleaseSeats', registrationId: 'r1', reason: 'cancelled', at })
      .thenEvents([
        {
          type: 'SeatsReleased',
          data: { registrationId: 'r1', seats: 3, bookedAfter: 2, reason: 'cancelled', at },
        },
      ]);
    expect(state.reservations).toEqual({ r2: 2 });
    given([reserved('r2', 2, 2)])
      .when({ type: 'ReleaseSeats', registrationId: 'r1', reason: 'cancelled', at })
      .thenEvents([]);
    const partial = given([reserved('r1', 3, 3)])
      .when({ type: 'ReleaseSeats', registrationId: 'r1', seats: 1, reason: 'participant-removed', at })
      .thenEvents([
        {
          type: 'SeatsReleased',
          data: { registrationId: 'r1', seats: 1, bookedAfter: 2, reason: 'participant-removed', at },
        },
      ]);
    expect(partial.reservations).toEqual({ r1: 2 });
  });

  it('blocks and unblocks idempotently', () => {
    given([])
      .when({ type: 'BlockSlot', at })
      .thenEvents([{ type: 'SlotBlocked', data: { at } }]);
    given([{ type: 'SlotBlocked', data: { at } }])
      .when({ type: 'BlockSlot', at })
      .thenEvents([]);
    given([{ type: 'SlotBlocked', data: { at } }])
      .when({ type: 'UnblockSlot', at })
      .thenEvents([{ type: 'SlotUnblocked', data: { at } }]);
    given([]).when({ type: 'UnblockSlot', at }).thenEvents([]);
  });

  it('changes capacity, never below what is booked', () => {
    given([reserved('r1', 5, 5)])
      .when({ type: 'ChangeCapacity', maxAttendees: 4, at })
      .thenError({
        code: 'CAPACITY_BELOW_BOOKED',
        message: 'Capacity cannot be lower than the 5 seats already booked',
      });
    const s = given([reserved('r1', 5, 5)])
      .when({ type: 'ChangeCapacity', maxAttendees: 5, at })
      .thenEvents([{ type: 'CapacityChanged', data: { from: 20, to: 5, at } }]);
    expect(seatsLeft(s)).toBe(0);
    given([]).when({ type: 'ChangeCapacity', maxAttendees: 20, at }).thenEvents([]);
    given([]).when({ type: 'ChangeCapacity', maxAttendees: 0, at }).thenError({ code: 'INVALID' });
  });

  it('starts from the catalogue capacity', () => {
    const s = spec(timeslotDecider, () => initialTimeslotState(2))([])
      .when({ type: 'ReserveSeats', registrationId: 'r', seats: 3, at })
      .thenError({ message: 'Only 2 slots left in this timeslot' });
    expect(s).toBeUndefined();
  });

  it('is never over capacity, whatever the command sequence (property)', () => {
    const command = fc.oneof(
      fc.record({
        type: fc.constant('ReserveSeats' as const),
        registrationId: fc.constantFrom('a', 'b', 'c'),
        seats: fc.integer({ min: 1, max: 8 }),
        at: fc.constant(at),
      }),
      fc.record({
        type: fc.constant('ReleaseSeats' as const),
        registrationId: fc.constantFrom('a', 'b', 'c'),
        reason: fc.constant('cancelled' as const),
        at: fc.constant(at),
      }),
      fc.record({
        type: fc.constant('ChangeCapacity' as const),
        maxAttendees: fc.integer({ min: 1, max: 30 }),
        at: fc.constant(at),
      }),
      fc.record({ type: fc.constantFrom('BlockSlot' as const, 'UnblockSlot' as const), at: fc.constant(at) }),
    );
    fc.assert(
      fc.property(fc.array(command as fc.Arbitrary<TimeslotCommand>, { maxLength: 40 }), (commands) => {
        let state = initialTimeslotState();
        for (const c of commands) {
          const r = decideTimeslot(state, c);
          if (isDomainError(r)) continue;
          state = r.reduce(evolveTimeslot, state);
          expect(state.booked).toBeLessThanOrEqual(state.capacity);
          expect(state.booked).toBe(Object.values(state.reservations).reduce((a, b) => a + b, 0));
        }
      }),
    );
  });

  it('the latest seat, block and capacity events decide a booking exactly as the whole history (property)', () => {
    const command = fc.oneof(
      fc.record({
        type: fc.constant('ReserveSeats' as const),
        registrationId: fc.constantFrom('a', 'b', 'c'),
        seats: fc.integer({ min: 1, max: 8 }),
        at: fc.constant(at),
      }),
      fc.record({
        type: fc.constant('ReleaseSeats' as const),
        registrationId: fc.constantFrom('a', 'b', 'c'),
        seats: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }),
        reason: fc.constant('cancelled' as const),
        at: fc.constant(at),
      }),
      fc.record({
        type: fc.constant('ChangeCapacity' as const),
        maxAttendees: fc.integer({ min: 1, max: 30 }),
        at: fc.constant(at),
      }),
      fc.record({ type: fc.constantFrom('BlockSlot' as const, 'UnblockSlot' as const), at: fc.constant(at) }),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 25 }),
        fc.array(command as fc.Arbitrary<TimeslotCommand>, { maxLength: 60 }),
        fc.integer({ min: 1, max: 10 }),
        (capacity, commands, seats) => {
          let state = initialTimeslotState(capacity);
          const history: TimeslotEvent[] = [];
          for (const c of commands) {
            const r = decideTimeslot(state, c);
            if (isDomainError(r)) continue;
            history.push(...r);
            state = r.reduce(evolveTimeslot, state);
          }
          const latest = (types: readonly string[]) =>
            history.filter((e) => types.includes(e.type)).slice(-1);
          // Any order: the three kinds are independent.
          const summary = timeslotStateFromLatest(
            [
              ...latest(['CapacityChanged']),
              ...latest(['SeatsReserved', 'SeatsReleased']),
              ...latest(['SlotBlocked', 'SlotUnblocked']),
            ],
            capacity,
          );
          expect({ capacity: summary.capacity, booked: summary.booked, blocked: summary.blocked }).toEqual({
            capacity: state.capacity,
            booked: state.booked,
            blocked: state.blocked,
          });
          const reserve = { type: 'ReserveSeats' as const, registrationId: 'new', seats, at };
          expect(decideTimeslot(summary, reserve)).toEqual(decideTimeslot(state, reserve));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
