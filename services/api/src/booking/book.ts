import { randomInt } from 'node:crypto';
import type { Sql } from '@hs/db';
import {
  type DiscountCodeEvent,
  type RegistrationEvent,
  type RegistrationRequest,
  type TimeslotEvent,
  decideDiscountCode,
  decideRegistration,
  decideTimeslot,
  evolveDiscountCode,
  generateReferenceNumber,
  initialDiscountCodeState,
  initialRegistrationState,
  isDomainError,
  timeslotStateFromLatest,
} from '@hs/domain';
import { type NewEvent, type Position, type StreamRead, handle } from '@hs/eventstore';
import { registrationStreamId, timeslotStreamId } from '@hs/read-models';
import { HttpError } from '../errors';
import { readSlotStream } from './slot-read';

export const partnerBookingStreamId = (code: string) => `partner-booking-${code}`;
import type { PricedOrder } from './order';

type Domain = { type: string; data: unknown };
const toNew = (events: Domain[]): NewEvent[] => events.map((e) => ({ type: e.type, data: e.data }));

export function foldStream<S, E>(read: StreamRead | undefined, initial: S, evolve: (s: S, e: E) => S): S {
  return (read?.events ?? []).reduce((s, e) => evolve(s, { type: e.type, data: e.data } as E), initial);
}

/** A refusal from a decider becomes an HTTP answer with the decider's message. */
export function orFail<E>(decision: E[] | { kind: 'DomainError'; code: string; message: string }): E[] {
  if (isDomainError(decision))
    throw new HttpError(decision.code === 'NOT_FOUND' ? 404 : 409, decision.message);
  return decision as E[];
}

export interface Booked {
  registrationId: number;
  referenceNumber: string;
  status: string;
  position: Position | null;
}

const isReferenceCollision = (err: unknown) =>
  (err as { code?: string; constraint_name?: string }).code === '23505' &&
  (err as { constraint_name?: string }).constraint_name === 'events_registration_reference';

/** Random low bits of a registration id: guessing another booking's id takes ~8 million tries. */
export const REGISTRATION_ID_RANDOM_BITS = 23;

/**
 * Registration ids: a number from the sequence, drawn a block at a time (one round trip per `block`
 * bookings instead of one each), times 2^23 plus random low bits. The sequence part keeps ids unique
 * across processes; the random part keeps them unguessable, because a public call (cancel) takes
 * the id alone, as the spec has it. 2^53 / 2^23 leaves room for a billion bookings. A process that
 * stops leaves a gap, as a rolled-back nextval always could.
 */
export function createRegistrationIds(sql: Sql, block = 50) {
  const sequence: number[] = [];
  let refill: Promise<void> | null = null;
  const fill = async () => {
    const rows = await sql<{ id: number }[]>`
      select nextval('registration_ids')::bigint as id from generate_series(1, ${block})`;
    sequence.push(...rows.map((r) => Number(r.id)));
  };
  return async function nextRegistrationId(): Promise<number> {
    for (;;) {
      const n = sequence.shift();
      if (n !== undefined)
        return n * 2 ** REGISTRATION_ID_RANDOM_BITS + randomInt(2 ** REGISTRATION_ID_RANDOM_BITS);
      refill ??= fill().finally(() => {
        refill = null;
      });
      await refill;
    }
  };
}

/**
 * Books an order in ONE append: RegistrationBooked on its own stream, SeatsReserved on the slot
 * (expected version: a concurrent booking that took the last seat makes this attempt retry and then
 * refuse), and the code redemption on the code's stream(s). A reference number already taken fails
 * the append on the log's unique index, and the booking draws another.
 */
export async function bookRegistration(
  sql: Sql,
  req: RegistrationRequest,
  order: PricedOrder,
  meta: { actor: string; requestId?: string },
  id: number,
  /** The slot's stream as read before the turn (PricedOrder.slotRead), when still fresh (slot-queue). */
  slotReadBeforeTurn?: StreamRead,
): Promise<Booked> {
  const regStream = registrationStreamId(id);
  const slotStream = timeslotStreamId(order.timeslot.id);
  const codeStream = order.redemption ? `discount-code-${order.redemption.identifierId}` : null;
  const binStream = order.redemption?.binLimit ? `discount-${order.redemption.discountId}` : null;
  const partnerStream = order.partner ? partnerBookingStreamId(order.partner.bookingCode) : null;
  const streams = [
    regStream,
    slotStream,
    ...[codeStream, binStream, partnerStream].filter((s): s is string => s !== null),
  ];
  const at = new Date().toISOString();

  for (let attempt = 1; ; attempt++) {
    const referenceNumber = generateReferenceNumber();
    try {
      const { result, position } = await handle(
        sql,
        streams,
        (read) => {
          const append: { streamId: string; streamType: string; events: NewEvent[] }[] = [];
          // Only the slot's latest seat, block and capacity events were read (slot-read.ts).
          const slot = timeslotStateFromLatest(
            (read[slotStream]?.events ?? []).map((e) => ({ type: e.type, data: e.data }) as TimeslotEvent),
            order.timeslot.maxAttendees,
          );
          const seats = orFail(
            decideTimeslot(slot, {
              type: 'ReserveSeats',
              registrationId: String(id),
              seats: order.participants.length,
              at,
            }),
          );
          append.push({ streamId: slotStream, streamType: 'timeslot', events: toNew(seats) });
          for (const [stream, limit] of [
            [codeStream, order.redemption?.codeLimit ?? null],
            [binStream, order.redemption?.binLimit ?? null],
          ] as const) {
            if (!stream) continue;
            const state = foldStream<ReturnType<typeof initialDiscountCodeState>, DiscountCodeEvent>(
              read[stream],
              initialDiscountCodeState(),
              evolveDiscountCode,
            );
            const redeemed = orFail(
              decideDiscountCode(state, { type: 'RedeemCode', registrationId: String(id), limit, at }),
            );
            append.push({ streamId: stream, streamType: 'discount-code', events: toNew(redeemed) });
          }
          if (partnerStream) {
            if ((read[partnerStream]?.events ?? []).some((e) => e.type === 'PartnerBookingUsed')) {
              throw new HttpError(409, 'This booking code has already been used for a booking');
            }
            append.push({
              streamId: partnerStream,
              streamType: 'partner-booking',
              events: [{ type: 'PartnerBookingUsed', data: { registrationId: String(id), at } }],
            });
          }
          const booked = orFail<RegistrationEvent>(
            decideRegistration(initialRegistrationState(), {
              type: 'BookRegistration',
              data: {
                registrationId: String(id),
                referenceNumber,
                eventId: order.event.id,
                eventName: order.event.name,
                packageId: order.packageId,
                timeslotId: order.timeslot.id,
                contact: {
                  firstName: req.firstName,
                  lastName: req.lastName,
                  email: req.email,
                  mobileNumber: req.mobileNumber,
                  gender: req.gender,
                  identificationNumber: req.identificationNumber,
                  dateOfBirth: req.dateOfBirth,
                  postalCode: req.postalCode,
                  unitNumber: req.unitNumber,
                  address: req.address,
                  region: order.region,
                  medicalConditions: req.medicalConditions,
                },
                participants: order.participants,
                discount: order.discount,
                partner: order.partner,
                bookedAt: at,
              },
            }),
          );
          append.push({ streamId: regStream, streamType: 'registration', events: toNew(booked) });
          const status = (booked[0]!.data as { status: string }).status;
          // The reference number's uniqueness is the log's (index events_registration_reference), so
          // the booking is one append statement.
          return { append, result: status };
        },
        {
          metadata: { actor: meta.actor, requestId: meta.requestId },
          maxAttempts: 8,
          readers: {
            [slotStream]: (db) => readSlotStream(db, order.timeslot.id),
            // The id was just drawn, so its stream is new: expecting version 0 needs no read, and
            // makes the append refuse (never extend) a stream that somehow exists.
            [regStream]: async () => ({ version: 0, events: [] }),
          },
          firstReads: slotReadBeforeTurn ? { [slotStream]: slotReadBeforeTurn } : {},
        },
      );
      return { registrationId: id, referenceNumber, status: result!, position };
    } catch (err) {
      // 10^8 numbers a month: a collision is rare but possible; draw again.
      if (isReferenceCollision(err) && attempt < 5) continue;
      throw err;
    }
  }
}
