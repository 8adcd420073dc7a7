/**
 * The waiting-list emails (issue 22): joined (the place on the list), offer made (the held slot and
 * until when), offer expired and left. The job carries the entry id and the cause event only; the
 * person, the offer and when they joined come from the entry's own stream (the log, so a lagging read
 * model cannot send a stale offer), and the link's token is derived from it as the api derives it
 * (waitlistToken(secret, entryId, joinedAt)): never stored, never in a job.
 */
import type { QueuePayloads } from '@hs/contracts';
import { waitlistToken } from '@hs/commands';
import {
  type WaitlistEmailSent,
  type WaitlistJoined,
  type WaitlistOfferMade,
  formatAppointmentDate,
  formatAppointmentTime,
  formatInstantDateTime,
  languageOrDefault,
  regionForPostalCode,
  venueLine,
  waitlistDecider,
  waitlistStream,
} from '@hs/domain';
import type { Sql } from '@hs/db';
import { type RecordedEvent, decideOn, handle, readStream } from '@hs/eventstore';
import {
  type EmailType,
  PermanentDeliveryError,
  catalogueText,
  renderEmail,
  venueVariables,
} from '@hs/notifications';
import { readAppointmentVenue, waitlistPositionAt } from '@hs/read-models';
import { type Job, UnrecoverableError } from 'bullmq';
import { eventUrl, readEmailConfigs } from '../order';
import { type JobContext, type Skipped, withMessageLock } from './context';
import { companyVariables } from './email/render';

type Payload = QueuePayloads['waitlist-email'];

/**
 * How long a sent email is remembered in Redis (by its cause event). The log's WaitlistEmailSent is
 * the record (issue 47); the marker stands for it when recording it failed after the send (the retry
 * records it then), and for emails sent before the fact existed.
 */
const SENT_TTL_SECONDS = 30 * 86_400;
const ACTOR = 'worker:waitlist-email';

/** The email of `causeEventId` is recorded as sent on the entry's stream. */
export const waitlistEmailSent = (events: RecordedEvent[], causeEventId: string) =>
  events.some(
    (e) =>
      e.type === 'WaitlistEmailSent' && (e.data as WaitlistEmailSent['data']).causeEventId === causeEventId,
  );

/** Appends WaitlistEmailSent through the entry's decider, unless the stream has it already. */
async function recordSent(sql: Sql, entryId: string, data: WaitlistEmailSent['data']): Promise<void> {
  const stream = waitlistStream(entryId);
  await handle(
    sql,
    [stream.id],
    (streams) => {
      const read = streams[stream.id];
      if (waitlistEmailSent(read?.events ?? [], data.causeEventId)) return { append: [] };
      const decided = decideOn(stream, read, waitlistDecider, { type: 'RecordWaitlistEmailSent', data });
      return { append: [decided.append] };
    },
    { metadata: { actor: ACTOR, causationId: data.causeEventId }, maxAttempts: 8 },
  );
}

/**
 * What the log says of a waiting-list email job (the reconciler's check): sent, or it would skip now
 * (its cause gone from the stream, a new join, the offer ended). False: still owed.
 */
export async function waitlistEmailSettled(
  sql: Sql,
  payload: { entryId: string; causeEventId: string },
  now: Date,
): Promise<boolean> {
  const events = await readStream(sql, waitlistStream(payload.entryId).id);
  const cause = events.find((e) => e.eventId === payload.causeEventId);
  return !cause || waitlistEmailSent(events, payload.causeEventId) || skipReason(events, cause, now) !== null;
}

const EMAIL_OF: Record<string, EmailType> = {
  WaitlistJoined: 'waitlist_joined',
  WaitlistOfferMade: 'waitlist_offer',
  WaitlistOfferExpired: 'waitlist_expired',
  WaitlistLeft: 'waitlist_left',
};

/** The entry's page: see the offer, book it, or leave the list. */
export function waitlistUrl(publicBaseUrl: string, token: string): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}/waitlist/${encodeURIComponent(token)}`;
}

/** The join in force at `version`, and the offer made last before it (for the expired email). */
function asOf(events: RecordedEvent[], version: number) {
  const before = events.filter((e) => e.version <= version);
  const joined = before.findLast((e) => e.type === 'WaitlistJoined')?.data as
    | WaitlistJoined['data']
    | undefined;
  const offer = before.findLast((e) => e.type === 'WaitlistOfferMade')?.data as
    | WaitlistOfferMade['data']
    | undefined;
  return { joined, offer };
}

/** Why not to send; null: send. */
function skipReason(events: RecordedEvent[], cause: RecordedEvent, now: Date): string | null {
  // The worker's own facts (WaitlistEmailSent) are not the entry's moves: an offer's email sent is no
  // end of the offer.
  const after = events.filter((e) => e.version > cause.version && e.type !== 'WaitlistEmailSent');
  // A new join has a new token: this email's link would no longer open the entry.
  if (cause.type === 'WaitlistJoined' && after.some((e) => e.type === 'WaitlistJoined'))
    return 'joined again since';
  if (cause.type === 'WaitlistOfferMade') {
    // Claimed, expired or left already: an email offering it now would offer nothing.
    if (after.length > 0) return 'offer already ended';
    const { expiresAt } = cause.data as WaitlistOfferMade['data'];
    if (Date.parse(expiresAt) <= now.getTime()) return 'offer already expired';
  }
  return null;
}

export function waitlistEmailProcessor(ctx: JobContext) {
  const secret = ctx.waitlistTokenSecret;
  return async (
    job: Job<Payload>,
    _token?: string,
    signal?: AbortSignal,
  ): Promise<{ messageId: string } | Skipped> => {
    const { entryId, causeEventId } = job.data;
    const log = ctx.log.child({ queue: 'waitlist-email', jobId: job.id, entryId });
    const streamId = waitlistStream(entryId).id;
    const read = async () => {
      const events = await readStream(ctx.sql, streamId);
      const cause = events.find((e) => e.eventId === causeEventId);
      if (!cause) throw new UnrecoverableError(`Event ${causeEventId} is not in ${streamId}`);
      return { events, cause };
    };
    const first = await read();
    const early = skipReason(first.events, first.cause, ctx.clock());
    if (early) return { skipped: early };

    const sentKey = `${ctx.lockPrefix}:sent:waitlist-email:${causeEventId}`;
    return withMessageLock(ctx, `waitlist-email:${causeEventId}`, async () => {
      const { events, cause } = await read();
      if (waitlistEmailSent(events, causeEventId)) return { skipped: 'already sent' };
      const marked = await ctx.redis.get(sentKey);
      if (marked) {
        const type = EMAIL_OF[cause.type] ?? cause.type;
        await recordSent(ctx.sql, entryId, {
          causeEventId,
          emailType: type,
          messageId: marked,
          at: ctx.clock().toISOString(),
        });
        return { skipped: 'already sent' };
      }
      const reason = skipReason(events, cause, ctx.clock());
      if (reason) return { skipped: reason };
      const type = EMAIL_OF[cause.type];
      if (!type) throw new UnrecoverableError(`No waiting-list email for ${cause.type}`);
      const { joined, offer } = asOf(events, cause.version);
      if (!joined) throw new UnrecoverableError(`${streamId} has no WaitlistJoined before ${causeEventId}`);

      const [names] = await ctx.sql<
        { eventName: string | null; location: string | null; packageName: string | null }[]
      >`
        select e.name as "eventName", e.location,
               (select name from packages where id = ${joined.packageId}) as "packageName"
        from screening_events e where e.id = ${joined.eventId}`;
      const slot =
        cause.type === 'WaitlistOfferMade' || cause.type === 'WaitlistOfferExpired' ? offer : undefined;
      const [slotRow] = slot
        ? await ctx.sql<{ label: string | null }[]>`select label from timeslots where id = ${slot.timeslotId}`
        : [];
      const token = waitlistToken(secret, entryId, joined.joinedAt);
      // the language the visitor joined in (issue 46); English for entries from before it was recorded
      const language = languageOrDefault(joined.language);
      // Issue 46: the venue of the region the entry's postal code is in, else the event's.
      const postalRegion = regionForPostalCode(joined.postalCode ?? '');
      const venue = await readAppointmentVenue(
        ctx.sql,
        joined.eventId,
        postalRegion.found ? postalRegion.region : null,
      );
      const vars = {
        referenceNumber: '',
        firstName: joined.firstName,
        lastName: joined.lastName,
        email: joined.email,
        phone: joined.mobileNumber,
        identificationNumber: '',
        dateOfBirth: '',
        postalCode: joined.postalCode,
        status: '',
        eventName: names?.eventName ?? '',
        eventLocation: venue ? venueLine(venue) : (names?.location ?? ''),
        ...venueVariables(venue),
        packageName: names?.packageName ?? '',
        packagePrice: '',
        // the one date and time format of the entry's language (issue 46)
        timeslotDate: slot ? formatAppointmentDate(language, slot.date) : '',
        timeslotTime: slot
          ? language === 'en'
            ? (slotRow?.label ?? formatAppointmentTime(language, slot.time))
            : formatAppointmentTime(language, slot.time)
          : '',
        waitlistUrl: waitlistUrl(ctx.publicBaseUrl, token),
        // '2 seats', '1 seat': the catalogue's plural in the entry's language (issue 44)
        waitlistSeats: catalogueText(language, 'email.seatCount', { count: joined.seats }),
        waitlistPosition:
          cause.type === 'WaitlistJoined'
            ? String(await waitlistPositionAt(ctx.sql, joined.eventId, entryId))
            : '',
        offerExpiresAt: slot ? formatInstantDateTime(language, slot.expiresAt) : '',
        eventUrl: await eventUrl(ctx.sql, ctx.publicBaseUrl, joined.eventId),
        ...(await companyVariables(ctx)),
      };
      const email = renderEmail(type, await readEmailConfigs(ctx.sql), vars, language);
      for (const f of email.fallbacks)
        log.warn({ setting: f.key, reason: f.reason }, 'email config replaced by its default');
      signal?.throwIfAborted(); // the run lost its claim (issue 47): another run sends
      try {
        const { messageId } = await ctx.mailer.send({
          to: joined.email,
          from: email.from,
          subject: email.subject,
          html: email.html,
          text: email.text,
          attachments: [],
        });
        await ctx.redis.set(sentKey, messageId || 'sent', 'EX', SENT_TTL_SECONDS);
        await recordSent(ctx.sql, entryId, {
          causeEventId,
          emailType: type,
          messageId: messageId || 'sent',
          at: ctx.clock().toISOString(),
        });
        return { messageId };
      } catch (err) {
        // No booking stream to record a failed delivery on: the job's own failure is the record.
        if (err instanceof PermanentDeliveryError) throw new UnrecoverableError(err.message);
        throw err;
      }
    });
  };
}
