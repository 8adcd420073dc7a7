import { randomInt } from 'node:crypto';
import type { Sql } from '@hs/db';
import {
  type RegistrationRequest,
  discountCodeDecider,
  discountCodeStream,
  discountStream,
  entitlementDecider,
  generateReferenceNumber,
  partnerBookingDecider,
  partnerBookingStream,
  programmeCapDecider,
  programmeEntitlementStream,
  programmeStream,
  registrationDecider,
  registrationStream,
  timeslotDeciderFor,
  timeslotFromLatestDeciderFor,
  timeslotStream,
  waitlistDecider,
  waitlistStream,
} from '@hs/domain';
import { type Position, type StreamRead, decideOn, handle } from '@hs/eventstore';
import type { PricedOrder } from './order';
import { readSlotStream } from './slot-read';

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
 * the append on the log's unique index, and the booking draws another. A booking left awaiting
 * payment holds its seats and code until its hold runs out (the domain gives no hold to a partner or
 * zero-balance booking).
 *
 * A booking claiming a waiting-list offer (`order.waitlist`) also writes the entry's stream
 * (WaitlistOfferClaimed) and turns the offer's held seats into its own (the slot's ClaimHold, on
 * the slot's whole fold), in the same one append; without one, the booking is exactly as before.
 */
export async function bookRegistration(
  sql: Sql,
  req: RegistrationRequest,
  order: PricedOrder,
  meta: {
    actor: string;
    requestId?: string;
    /** The payment hold of a booking left awaiting payment (the Payments tab's setting, seconds). */
    holdSeconds: number;
    /** The privacy notice's version in force; the booking records the customer's consent to it. */
    noticeVersion: number;
    /** When it was booked: now, except for the demo seed's month of past orders (issue 25). */
    at?: string;
  },
  id: number,
  /** The slot's stream as read before the turn (PricedOrder.slotRead), when still fresh (slot-queue). */
  slotReadBeforeTurn?: StreamRead,
): Promise<Booked> {
  const regStream = registrationStream(id);
  const slotStream = timeslotStream(order.timeslot.id);
  const redemptions = order.redemption
    ? [
        { stream: discountCodeStream(order.redemption.identifierId), limit: order.redemption.codeLimit },
        ...(order.redemption.binLimit
          ? [{ stream: discountStream(order.redemption.discountId), limit: order.redemption.binLimit }]
          : []),
      ]
    : [];
  const partnerStream = order.partner ? partnerBookingStream(order.partner.bookingCode) : null;
  // Issue 51: the programme's cap and the employee's entitlement, counted in the booking's own append.
  const programme = order.programme ?? null;
  const capStream = programme ? programmeStream(programme.corporate.programmeId) : null;
  const entitlementStream = programme
    ? programmeEntitlementStream(programme.corporate.programmeId, programme.corporate.employeeHash)
    : null;
  const claim = order.waitlist ?? null;
  const entryStream = claim ? waitlistStream(claim.entryId) : null;
  const streams = [
    regStream,
    slotStream,
    ...redemptions.map((r) => r.stream),
    ...(partnerStream ? [partnerStream] : []),
    ...(entryStream ? [entryStream] : []),
    ...(capStream && entitlementStream ? [capStream, entitlementStream] : []),
  ];
  const at = meta.at ?? new Date().toISOString();
  const by = String(id);

  for (let attempt = 1; ; attempt++) {
    const referenceNumber = generateReferenceNumber();
    try {
      const { result, position } = await handle(
        sql,
        streams.map((s) => s.id),
        (read) => {
          // Only the slot's latest seat, block and capacity events were read (slot-read.ts), unless
          // the booking claims an offer: then the whole slot, whose fold knows the offer's hold.
          const seats = claim
            ? decideOn(slotStream, read[slotStream.id], timeslotDeciderFor(order.timeslot.maxAttendees), {
                type: 'ClaimHold',
                holdKey: claim.holdKey,
                registrationId: by,
                seats: order.participants.length,
                at,
              })
            : decideOn(
                slotStream,
                read[slotStream.id],
                timeslotFromLatestDeciderFor(order.timeslot.maxAttendees),
                { type: 'ReserveSeats', registrationId: by, seats: order.participants.length, at },
              );
          const claimed =
            claim && entryStream
              ? [
                  decideOn(entryStream, read[entryStream.id], waitlistDecider, {
                    type: 'ClaimOffer',
                    eventId: order.event.id,
                    timeslotId: order.timeslot.id,
                    seats: order.participants.length,
                    registrationId: by,
                    referenceNumber,
                    at,
                  }).append,
                ]
              : [];
          const redeemed = redemptions.map(({ stream, limit }) =>
            decideOn(stream, read[stream.id], discountCodeDecider, {
              type: 'Use',
              registrationId: by,
              limit,
              at,
            }),
          );
          const partnerUsed = partnerStream
            ? [
                decideOn(partnerStream, read[partnerStream.id], partnerBookingDecider, {
                  type: 'UsePartnerBooking',
                  registrationId: by,
                  at,
                }),
              ]
            : [];
          const use = { type: 'Use' as const, registrationId: by, at };
          const allowed =
            programme && capStream && entitlementStream
              ? [
                  decideOn(capStream, read[capStream.id], programmeCapDecider, {
                    ...use,
                    limit: programme.cap,
                  }),
                  decideOn(entitlementStream, read[entitlementStream.id], entitlementDecider, {
                    ...use,
                    limit: programme.entitlement,
                  }),
                ]
              : [];
          const booked = decideOn(regStream, read[regStream.id], registrationDecider, {
            type: 'BookRegistration',
            data: {
              registrationId: by,
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
              ...(programme ? { corporate: programme.corporate } : {}),
              bookedAt: at,
              holdSeconds: meta.holdSeconds,
              ...(claim ? { waitlistEntryId: claim.entryId } : {}),
              consent: { given: req.privacyConsent === true, noticeVersion: meta.noticeVersion, at },
              ...(req.language ? { language: req.language } : {}),
            },
          });
          const append = [
            ...claimed,
            ...[seats, ...redeemed, ...partnerUsed, ...allowed, booked].map((d) => d.append),
          ];
          // The reference number's uniqueness is the log's (index events_registration_reference), so
          // the booking is one append statement.
          return { append, result: booked.after.status! };
        },
        {
          metadata: { actor: meta.actor, requestId: meta.requestId },
          maxAttempts: 8,
          readers: {
            ...(claim ? {} : { [slotStream.id]: (db: Sql) => readSlotStream(db, order.timeslot.id) }),
            // The id was just drawn, so its stream is new: expecting version 0 needs no read, and
            // makes the append refuse (never extend) a stream that somehow exists.
            [regStream.id]: async () => ({ version: 0, events: [] }),
          },
          firstReads: slotReadBeforeTurn && !claim ? { [slotStream.id]: slotReadBeforeTurn } : {},
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
