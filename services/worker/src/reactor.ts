/**
 * The reactor: events -> BullMQ jobs. Job ids come from the event id and the reaction, so an event
 * handled twice (a crash between enqueue and checkpoint, two hosts during a lease hand-over) adds
 * nothing new. While Redis is down `enqueueBulkOnce` fails, the handler throws, and startReactor keeps
 * the checkpoint and retries the same event with backoff: bookings keep committing meanwhile. Each
 * reaction is also recorded as owed work (`owed_work`, issue 47) until its job's final outcome, so
 * the reconciler (reconciler.ts) enqueues again what a Redis that lost its data forgot.
 */
import { QUEUES, type QueueName, type QueuePayloads } from '@hs/contracts';
import type { Sql } from '@hs/db';
import {
  type RegistrationEvent,
  type RegistrationStatus,
  isRegistrationStream,
  registrationIdOf,
} from '@hs/domain';
import {
  type RecordedEvent,
  type Runner,
  type RunnerOptions,
  enqueueBulkOnce,
  reactionJobId,
  startReactor,
} from '@hs/eventstore';
import { recordOwedWork } from '@hs/read-models';
import type { Producers } from './queues';
import { loadRegistration } from './registration';

const WAITLIST_PREFIX = 'waitlist-';

/** The events of a waiting-list entry that each send its email (the job picks it by the event's type). */
export const WAITLIST_EMAIL_EVENTS = [
  'WaitlistJoined',
  'WaitlistOfferMade',
  'WaitlistOfferExpired',
  'WaitlistLeft',
] as const;

export const REACTOR_NAME = 'notifications';
export const REACTOR_EVENT_TYPES = [
  'RegistrationBooked',
  'StatusChanged',
  'PaymentRecorded',
  'RegistrationCancelled',
  'RegistrationExpired',
  'RefundRecorded',
  'RegistrationRescheduled',
  // the waiting list's emails (issue 22); WaitlistOfferClaimed needs none: the booking's confirmation follows
  ...WAITLIST_EMAIL_EVENTS,
] as const;

/** A waiting-list event's email: the entry id and the event, never the person's details. */
export function waitlistReactionsTo(event: Pick<RecordedEvent, 'eventId' | 'streamId' | 'type'>): Reaction[] {
  if (!event.streamId.startsWith(WAITLIST_PREFIX)) return [];
  if (!(WAITLIST_EMAIL_EVENTS as readonly string[]).includes(event.type)) return [];
  const entryId = event.streamId.slice(WAITLIST_PREFIX.length);
  return [{ queue: 'waitlist-email', data: { entryId, causeEventId: event.eventId } }];
}

const CONFIRMED: readonly RegistrationStatus[] = ['confirmed', 'paid'];

export type Reaction = {
  [Q in QueueName]: { queue: Q; data: QueuePayloads[Q]; delayMs?: number };
}[QueueName];

/**
 * Every field of an event's data that reactionsTo reads: the reactor reads only these of the log, not a
 * booking's 3 kB payload (issue 27). reactor.unit.spec.ts fails when reactionsTo reads any other.
 */
export const REACTION_DATA_FIELDS = ['status', 'partner', 'to', 'transactionId', 'refundId'] as const;

export interface ReactionContext {
  /** The registration came with a partner booking code (read for StatusChanged and RegistrationCancelled). */
  partner: boolean;
}

/**
 * What an event asks for (pure): queue and payload. Reminders are not reactions: the reminder sweeper
 * plans them from the log and the event's schedule (reminders.ts, issue 26).
 */
export function reactionsTo(
  event: Pick<RecordedEvent, 'eventId' | 'streamId' | 'type' | 'data'>,
  ctx: ReactionContext,
): Reaction[] {
  const registrationId = registrationIdOf(event.streamId);
  const cause = { registrationId, causeEventId: event.eventId };
  const e = { type: event.type, data: event.data } as RegistrationEvent;
  const out: Reaction[] = [];
  switch (e.type) {
    case 'RegistrationBooked': {
      if (CONFIRMED.includes(e.data.status)) {
        out.push({ queue: 'confirmation-email', data: cause });
        if (e.data.partner) out.push({ queue: 'partner-confirmation', data: cause });
      }
      break;
    }
    case 'RegistrationRescheduled': {
      out.push({ queue: 'rescheduled-email', data: cause });
      // Reminders are not reactions: the reminder sweeper plans them from the log (reminders.ts).
      break;
    }
    case 'StatusChanged':
      if (CONFIRMED.includes(e.data.to)) {
        out.push({ queue: 'confirmation-email', data: cause });
        if (ctx.partner) out.push({ queue: 'partner-confirmation', data: cause });
      }
      break;
    case 'PaymentRecorded':
      out.push({ queue: 'receipt-email', data: { ...cause, transactionId: e.data.transactionId } });
      break;
    case 'RegistrationCancelled':
      out.push({ queue: 'cancellation-email', data: cause });
      // the partner refunds what it collected for its code itself
      if (ctx.partner) out.push({ queue: 'partner-cancellation', data: cause });
      break;
    case 'RegistrationExpired':
      out.push({ queue: 'expiry-email', data: cause });
      break;
    case 'RefundRecorded':
      out.push({ queue: 'refund-email', data: { ...cause, refundId: e.data.refundId } });
      break;
    default:
      break;
  }
  return out;
}

export interface ReactorDeps {
  sql: Sql;
  producers: Producers;
  holderId: string;
  onError: (err: unknown) => void;
  /** Events the reactor parked (issue 43). */
  onParked?: RunnerOptions['onParked'];
  /** Backoff bounds while Redis refuses (defaults 200 ms .. 10 s). */
  retryMinMs?: number;
  retryMaxMs?: number;
  enqueueTimeoutMs?: number;
}

/**
 * Starts the notifications reactor (one active instance across hosts, by lease). A batch at a time:
 * each queue's jobs in one round trip to Redis.
 */
export function startNotificationsReactor(deps: ReactorDeps): Runner {
  const { sql, producers } = deps;
  const handleBatch = async (batch: RecordedEvent[]): Promise<void> => {
    const events = batch.filter((e) => isRegistrationStream(e.streamId));
    const waitlistEvents = batch.filter((e) => e.streamId.startsWith(WAITLIST_PREFIX));
    const jobs = new Map<QueueName, Parameters<typeof enqueueBulkOnce>[1]>();
    const owed: Parameters<typeof recordOwedWork>[1] = [];
    const add = (r: Reaction, eventId: string) => {
      const list = jobs.get(r.queue) ?? [];
      const jobId = reactionJobId(r.queue, eventId);
      const name = QUEUES[r.queue].jobName;
      list.push({ name, data: r.data, jobId, job: r.delayMs ? { delay: r.delayMs } : {} });
      jobs.set(r.queue, list);
      const registrationId = 'registrationId' in r.data ? r.data.registrationId : null;
      owed.push({
        jobId,
        queue: r.queue,
        jobName: name,
        payload: r.data,
        registrationId,
        delayMs: r.delayMs,
      });
    };
    for (const event of events) {
      let partner = false;
      if (event.type === 'StatusChanged' || event.type === 'RegistrationCancelled') {
        partner = (await loadRegistration(sql, registrationIdOf(event.streamId))).state.partner !== null;
      }
      for (const r of reactionsTo(event, { partner })) add(r, event.eventId);
    }
    for (const event of waitlistEvents) for (const r of waitlistReactionsTo(event)) add(r, event.eventId);
    // Owed before enqueued (issue 47): if Redis loses a job, the reconciler finds its row and adds it
    // again under the same id. A batch handed over twice finds its rows there already.
    await recordOwedWork(sql, owed);
    await Promise.all(
      [...jobs].map(([queue, list]) =>
        enqueueBulkOnce(producers[queue] as never, list, { timeoutMs: deps.enqueueTimeoutMs ?? 5_000 }),
      ),
    );
  };
  return startReactor(sql, {
    name: REACTOR_NAME,
    eventTypes: REACTOR_EVENT_TYPES,
    // Reactions carry ids and amounts; each job loads what it needs of the person itself.
    personalData: false,
    dataFields: REACTION_DATA_FIELDS,
    handleBatch,
    holderId: deps.holderId,
    onError: (err) => deps.onError(err),
    ...(deps.onParked ? { onParked: deps.onParked } : {}),
    retryMinMs: deps.retryMinMs ?? 200,
    retryMaxMs: deps.retryMaxMs ?? 10_000,
  });
}
