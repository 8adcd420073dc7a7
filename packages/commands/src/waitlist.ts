/**
 * The waiting list's commands (issue 22). Every one that moves seats writes the entry's stream and
 * the slot's stream in ONE append at the versions read: an offer (WaitlistOfferMade + SeatsReserved
 * under the entry's hold key) can neither hold a seat another offer or booking took meanwhile nor be
 * made twice to one entry; an expiry or a leave gives the held seats back in the same append.
 */
import { createHash, createHmac } from 'node:crypto';
import type { Sql } from '@hs/db';
import {
  type Language,
  EVENT_CONFIG_DEFAULTS,
  TIMESLOT_LATEST_KINDS,
  WAITLIST_MESSAGES,
  type WaitlistCommand,
  type WaitlistJoined,
  type WaitlistApplicant,
  type WaitlistState,
  type WaitlistStatus,
  domainError,
  regionForPostalCode,
  singaporeInstant,
  timeslotDeciderFor,
  timeslotFromLatestDeciderFor,
  timeslotStream,
  waitlistDecider,
  waitlistEntryId,
  waitlistHoldKey,
  waitlistStream,
} from '@hs/domain';
import {
  CommandConflictError,
  CommandRefusedError,
  type Position,
  aggregateStream,
  decideOn,
  foldStream,
  handle,
  handleCommand,
  readLatestOfTypes,
} from '@hs/eventstore';
import {
  readWaitlistEntryByTokenHash,
  selectDueOffers,
  selectWaitingEntries,
  waitlistPositionAt,
} from '@hs/read-models';
import { slotCapacity } from './slot-capacity';

export interface WaitlistMeta {
  actor: string;
  requestId?: string;
}

/** POST /api/waitlist's body, already validated by the api. */
export interface WaitlistJoinInput extends WaitlistApplicant {
  /** yyyy-MM-dd; empty or absent: any date. */
  preferredDates?: string[] | null;
}

/** Entries handled per sweep at most; the rest wait for the next one. */
const BATCH = 200;

/**
 * The entry's link token: base64url HMAC-SHA256 of the entry and when it joined. Derivable from the
 * log by whoever holds the secret (the api, the worker's emails), never stored; a new join after
 * the entry ended has a new joinedAt, so an old link stops working.
 */
export function waitlistToken(secret: string, entryId: string, joinedAt: string): string {
  return createHmac('sha256', secret).update(`${entryId}:${joinedAt}`).digest('base64url');
}

/** What the log and the read model keep of a token: hex SHA-256, to find the entry by its link. */
export function hashWaitlistToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Puts a person on an event's waiting list. Refused ALREADY_EXISTS (409) while their entry for the
 * event (same email) is waiting or offered; INVALID for a postal code outside every region.
 * `position` is where the entry stands among the event's active entries as the read model has them.
 */
export async function joinWaitlist(
  sql: Sql,
  input: WaitlistJoinInput,
  meta: WaitlistMeta & { tokenSecret: string; now?: () => Date; language?: Language },
): Promise<{ id: string; position: number; token: string; joinedAt: string; logPosition: Position | null }> {
  const lookup = regionForPostalCode(input.postalCode);
  if (!lookup.found) throw new CommandRefusedError(domainError('INVALID', lookup.message));
  const id = waitlistEntryId(input.eventId, input.email);
  const joinedAt = (meta.now?.() ?? new Date()).toISOString();
  const token = waitlistToken(meta.tokenSecret, id, joinedAt);
  const data: WaitlistJoined['data'] = {
    entryId: id,
    eventId: input.eventId,
    packageId: input.packageId,
    postalCode: input.postalCode.trim(),
    region: lookup.region,
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email.trim(),
    mobileNumber: input.mobileNumber,
    seats: input.seats,
    preferredDates: [...new Set(input.preferredDates ?? [])].sort(),
    tokenHash: hashWaitlistToken(token),
    joinedAt,
    ...(meta.language ? { language: meta.language } : {}),
  };
  const { position } = await handleCommand(
    sql,
    waitlistStream(id),
    waitlistDecider,
    { type: 'JoinWaitlist', data },
    { metadata: { actor: meta.actor, requestId: meta.requestId } },
  );
  return {
    id,
    position: await waitlistPositionAt(sql, input.eventId, id),
    token,
    joinedAt,
    logPosition: position,
  };
}

/** The entry as its stream folds it; refused NOT_FOUND (404) when it never joined. */
export async function existingWaitlistEntry(sql: Sql, entryId: string): Promise<WaitlistState> {
  const { state } = await aggregateStream(sql, waitlistStream(entryId).id, waitlistDecider);
  if (state.status === null)
    throw new CommandRefusedError(domainError('NOT_FOUND', WAITLIST_MESSAGES.notFound));
  return state;
}

/**
 * Ends an entry's offer or place (expiry, leaving, staff removal) and, when it held seats, gives
 * them back on the slot in the same append (the release needs the slot's whole fold: its hold).
 * Returns the entry's status after, and whether anything was written.
 */
async function endEntry(
  sql: Sql,
  entryId: string,
  command: (at: string) => WaitlistCommand,
  reason: 'offer-expired' | 'offer-withdrawn',
  meta: WaitlistMeta,
  now: () => Date,
  /** Hex SHA-256 of the link's token: only the join it was issued for may be ended through it. */
  tokenHash?: string,
): Promise<{ status: WaitlistStatus; changed: boolean }> {
  const entryStream = waitlistStream(entryId);
  let state = await existingWaitlistEntry(sql, entryId);
  for (;;) {
    const slotId = state.status === 'offered' ? state.offer!.timeslotId : null;
    const slotStream = slotId === null ? null : timeslotStream(slotId);
    const slot = slotId === null ? null : timeslotDeciderFor((await slotCapacity(sql, slotId)) ?? undefined);
    const { result } = await handle<{ again: WaitlistState } | { status: WaitlistStatus; changed: boolean }>(
      sql,
      slotStream ? [entryStream.id, slotStream.id] : [entryStream.id],
      (read) => {
        const before = foldStream(read[entryStream.id]?.events ?? [], waitlistDecider);
        // An old link (a join before this one) found through a read model not yet past the new join:
        // it names an entry that is gone, not the person's new place on the list.
        if (tokenHash !== undefined && before.entry?.tokenHash !== tokenHash)
          throw new CommandRefusedError(domainError('NOT_FOUND', WAITLIST_MESSAGES.notFound));
        const heldOn = before.status === 'offered' ? before.offer!.timeslotId : null;
        // Offered (or not) since the first read: start over with the streams it needs now.
        if (heldOn !== slotId) return { append: [], result: { again: before } };
        const ended = decideOn(
          entryStream,
          read[entryStream.id],
          waitlistDecider,
          command(now().toISOString()),
        );
        if (ended.events.length === 0)
          return { append: [], result: { status: before.status!, changed: false } };
        const released =
          slotStream && slot
            ? [
                decideOn(slotStream, read[slotStream.id], slot, {
                  type: 'ReleaseSeats',
                  registrationId: waitlistHoldKey(entryId),
                  seats: before.offer!.seats,
                  reason,
                  at: now().toISOString(),
                }).append,
              ]
            : [];
        return {
          append: [ended.append, ...released],
          result: { status: ended.after.status!, changed: true },
        };
      },
      { metadata: { actor: meta.actor, requestId: meta.requestId }, maxAttempts: 8 },
    );
    if ('again' in result!) {
      state = result.again;
      continue;
    }
    return result!;
  }
}

/**
 * Leaves the list (customer) or removes the entry (staff). An offered entry's held seats go back to
 * the slot (reason 'offer-withdrawn') in the same append. Leaving an entry that already ended changes
 * nothing; an entry that never joined is refused NOT_FOUND.
 */
export function leaveWaitlist(
  sql: Sql,
  entryId: string,
  by: 'customer' | 'staff',
  /** tokenHash: leaving through a link, which must be the current join's (else NOT_FOUND). */
  meta: WaitlistMeta & { now?: () => Date; tokenHash?: string },
): Promise<{ status: WaitlistStatus; changed: boolean }> {
  return endEntry(
    sql,
    entryId,
    (at) => ({ type: 'LeaveWaitlist', by, at }),
    'offer-withdrawn',
    meta,
    meta.now ?? (() => new Date()),
    meta.tokenHash,
  );
}

/**
 * One sweep of the offers: each offer past its expiry (as the read model lists them; the entry's
 * stream has the last word) ends with its seats back on the slot ('offer-expired'), so the next
 * sweep can offer them to the next entry. Safe from several processes at once. Returns the entries
 * it expired.
 */
export async function expireDueOffers(sql: Sql, clock: () => Date, meta: WaitlistMeta): Promise<string[]> {
  const expired: string[] = [];
  for (const id of await selectDueOffers(sql, clock(), BATCH)) {
    try {
      const { changed } = await endEntry(
        sql,
        id,
        (at) => ({ type: 'ExpireOffer', at }),
        'offer-expired',
        meta,
        clock,
      );
      if (changed) expired.push(id);
    } catch (err) {
      if (err instanceof CommandRefusedError || err instanceof CommandConflictError) continue;
      throw err;
    }
  }
  return expired;
}

interface CandidateSlot {
  id: number;
  date: string;
  time: string;
  capacity: number;
  /** Seats free as the slot read model has them (the log decides in the append). */
  free: number;
}

/**
 * Slots an entry of this event and region could be offered: bookable as the wizard lists them (the
 * event active; an auto event's slots of the region, a manual event's own region-less slots; starting
 * after the event's buffer), not blocked and with a free seat, earliest first.
 */
async function candidateSlots(
  sql: Sql,
  eventId: number,
  region: string,
  now: Date,
): Promise<CandidateSlot[]> {
  return sql<CandidateSlot[]>`
    select t.id, to_char(t.date, 'YYYY-MM-DD') as date, to_char(t.time, 'HH24:MI') as time,
           t.max_attendees as capacity,
           coalesce(sa.max_attendees, t.max_attendees) - coalesce(sa.current_attendees, 0) as free
    from timeslots t
    join screening_events e on e.id = t.event_id
    left join event_configs c on c.event_id = t.event_id
    left join slot_availability sa on sa.timeslot_id = t.id
    where t.event_id = ${eventId} and e.is_active
      and case when coalesce(c.config_type, ${EVENT_CONFIG_DEFAULTS.configType}) = 'auto'
               then t.region = ${region} else t.region is null end
      and (t.date + t.time) at time zone 'Asia/Singapore'
          > ${now}::timestamptz + make_interval(hours => coalesce(c.buffer_hours, ${EVENT_CONFIG_DEFAULTS.bufferHours}))
      and coalesce(sa.is_available, true)
      and coalesce(sa.max_attendees, t.max_attendees) - coalesce(sa.current_attendees, 0) > 0
    order by t.date, t.time, t.id`;
}

type OfferAttempt = { offered: true } | { offered: false; entryGone: boolean };

/** One offer in one append: the entry (still waiting, same join) and the slot (room for its seats). */
async function offerSlot(
  sql: Sql,
  entry: { id: string; joinedAt: string },
  slot: CandidateSlot,
  at: Date,
  offerMinutes: number,
  meta: WaitlistMeta,
): Promise<OfferAttempt> {
  const entryStream = waitlistStream(entry.id);
  const slotStream = timeslotStream(slot.id);
  // An offer never outlives the appointment it is for.
  const start = singaporeInstant(slot.date, slot.time).getTime();
  const expiresAt = new Date(Math.min(at.getTime() + offerMinutes * 60_000, start)).toISOString();
  try {
    const { result } = await handle<OfferAttempt>(
      sql,
      [entryStream.id, slotStream.id],
      (read) => {
        const before = foldStream(read[entryStream.id]?.events ?? [], waitlistDecider);
        // The read model's entry was left and joined again since: the next sweep sees the new one.
        if (
          before.status !== 'waiting' ||
          before.entry?.joinedAt !== new Date(entry.joinedAt).toISOString()
        ) {
          return { append: [], result: { offered: false, entryGone: true } };
        }
        const preferred = before.entry.preferredDates;
        if (preferred.length > 0 && !preferred.includes(slot.date)) {
          return { append: [], result: { offered: false, entryGone: false } };
        }
        const stamp = at.toISOString();
        const offered = decideOn(entryStream, read[entryStream.id], waitlistDecider, {
          type: 'MakeOffer',
          timeslotId: slot.id,
          date: slot.date,
          time: slot.time,
          expiresAt,
          at: stamp,
        });
        // The slot as its latest seat, block and capacity events say: a seat another offer or a
        // booking took since the read model's view refuses SLOT_FULL here.
        const held = decideOn(slotStream, read[slotStream.id], timeslotFromLatestDeciderFor(slot.capacity), {
          type: 'ReserveSeats',
          registrationId: waitlistHoldKey(entry.id),
          seats: before.entry.seats,
          at: stamp,
        });
        return { append: [offered.append, held.append], result: { offered: true } };
      },
      {
        metadata: { actor: meta.actor, requestId: meta.requestId },
        maxAttempts: 5,
        readers: {
          [slotStream.id]: (db) => readLatestOfTypes(db, slotStream.id, Object.values(TIMESLOT_LATEST_KINDS)),
        },
      },
    );
    return result!;
  } catch (err) {
    if (err instanceof CommandRefusedError) {
      const slotSaidNo = err.code === 'SLOT_FULL' || err.code === 'SLOT_NOT_AVAILABLE';
      return { offered: false, entryGone: !slotSaidNo };
    }
    // Lost the race too often (a hot slot): the next sweep tries again.
    if (err instanceof CommandConflictError) return { offered: false, entryGone: false };
    throw err;
  }
}

/** Every waiting entry, first in line first, read a page at a time. */
async function* waitingEntries(sql: Sql, pageSize: number) {
  let after: { id: string } | undefined;
  for (;;) {
    const page = await selectWaitingEntries(sql, pageSize, after);
    yield* page;
    if (page.length < pageSize) return;
    after = page.at(-1)!;
  }
}

/**
 * One sweep of the waiting entries, first in line first over every event: each gets the earliest
 * slot of its event and region (and one of its preferred dates, when it gave some) with room for its
 * seats, held for it `offerMinutes` (never past the appointment). Safe from several processes at
 * once: the entry's and the slot's versions make each offer one append or nothing. Returns the
 * offers made.
 */
export async function offerFreedSeats(
  sql: Sql,
  clock: () => Date,
  /** pageSize: entries read per query (tests make it small). */
  options: { offerMinutes: number; pageSize?: number },
  meta: WaitlistMeta,
): Promise<{ entryId: string; timeslotId: number }[]> {
  const made: { entryId: string; timeslotId: number }[] = [];
  const now = clock();
  // Per event and region, read once per sweep; seats taken by this sweep's offers come off.
  const slotsOf = new Map<string, Promise<CandidateSlot[]>>();
  for await (const entry of waitingEntries(sql, options.pageSize ?? BATCH)) {
    const key = `${entry.eventId}|${entry.region}`;
    if (!slotsOf.has(key)) slotsOf.set(key, candidateSlots(sql, entry.eventId, entry.region, now));
    const slots = await slotsOf.get(key)!;
    for (const slot of slots) {
      if (slot.free < entry.seats) continue;
      if (entry.preferredDates.length > 0 && !entry.preferredDates.includes(slot.date)) continue;
      const attempt = await offerSlot(sql, entry, slot, clock(), options.offerMinutes, meta);
      if (attempt.offered) {
        slot.free -= entry.seats;
        made.push({ entryId: entry.id, timeslotId: slot.id });
        break;
      }
      if (attempt.entryGone) break;
      // The slot had less room than its read model said: not for anyone else this sweep either.
      slot.free = 0;
    }
  }
  return made;
}

/** One sweep: due offers expire first, so the seats they gave back go to the next entries at once. */
export async function matchWaitlist(
  sql: Sql,
  clock: () => Date,
  options: { offerMinutes: number },
  meta: WaitlistMeta,
): Promise<{ expired: string[]; offered: { entryId: string; timeslotId: number }[] }> {
  const expired = await expireDueOffers(sql, clock, meta);
  const offered = await offerFreedSeats(sql, clock, options, meta);
  return { expired, offered };
}

/** What a booking claiming an offer needs: the entry, and the seats held for it. */
export interface WaitlistClaim {
  entryId: string;
  holdKey: string;
  seats: number;
}

/**
 * Checks a booking's waiting-list token before it is priced: the entry (404 'Waiting list entry not
 * found'), its offer still live (409 'This offer has expired'), for this event and slot (400), and
 * at most the seats offered (400). The booking's append decides again at the versions it reads.
 */
export async function waitlistClaimFor(
  sql: Sql,
  token: string,
  booking: { eventId: number; timeslotId: number; seats: number; now?: Date },
): Promise<WaitlistClaim> {
  const row = await readWaitlistEntryByTokenHash(sql, hashWaitlistToken(token));
  if (!row) throw new CommandRefusedError(domainError('NOT_FOUND', WAITLIST_MESSAGES.notFound));
  const state = await existingWaitlistEntry(sql, row.id);
  // The read model may not show a newer join yet: only the current join's token is its link.
  if (state.entry?.tokenHash !== hashWaitlistToken(token))
    throw new CommandRefusedError(domainError('NOT_FOUND', WAITLIST_MESSAGES.notFound));
  const decision = waitlistDecider.decide(state, {
    type: 'ClaimOffer',
    eventId: booking.eventId,
    timeslotId: booking.timeslotId,
    seats: booking.seats,
    registrationId: '0',
    referenceNumber: '',
    at: (booking.now ?? new Date()).toISOString(),
  });
  if (!Array.isArray(decision)) throw new CommandRefusedError(decision);
  return { entryId: row.id, holdKey: waitlistHoldKey(row.id), seats: state.offer!.seats };
}
