// How a subscription (the reactor) gets past an event it cannot handle (issue 43). After a failed batch
// it handles the next ones event by event, going on past a failure. An event that failed while others of
// the same pass were handled, PARK_AFTER_ATTEMPTS passes running, is parked (parking.ts); when nothing
// of a pass is handled the cause is not the event (Redis away, say), so nothing is counted or parked and
// the subscription waits as it always did. The log stays the outbox: a parked event's reactions are done
// when staff retry it.
import type { Sql } from '@hs/db';
import {
  type AttemptCounter,
  PARK_AFTER_ATTEMPTS,
  countParked,
  failureMessage,
  noticeParked,
  type OnParked,
  parkEvents,
  parkedRetries,
  retryFailed,
  unparkEvents,
} from './parking';
import { type Position, comparePositions } from './position';
import type { RecordedEvent } from './types';

export interface IsolatedPass {
  /** How far, in order, the events are handled or parked: the checkpoint may move there. */
  reached: Position;
  /** The first failure of an event not parked (then `reached` stops before it). */
  failure: unknown;
  parked: number;
}

/** One event-by-event pass over `events`, read after `from` (see the top of this file). */
export async function handleIsolated(
  sql: Sql,
  name: string,
  events: readonly RecordedEvent[],
  from: Position,
  handleOne: (event: RecordedEvent) => Promise<void>,
  attempts: AttemptCounter,
  onParked?: OnParked,
): Promise<IsolatedPass> {
  const failed: { event: RecordedEvent; err: unknown }[] = [];
  let handled = 0;
  for (const event of events) {
    try {
      await handleOne(event);
      attempts.forget(name, event.eventId);
      handled++;
    } catch (err) {
      failed.push({ event, err });
    }
  }
  const last = events.at(-1);
  if (failed.length === 0) return { reached: last ?? from, failure: null, parked: 0 };
  const toPark: { event: RecordedEvent; error: string; attempts: number }[] = [];
  const waiting: typeof failed = [];
  for (const f of failed) {
    const n = handled > 0 ? attempts.add(name, f.event.eventId) : 0;
    if (n >= PARK_AFTER_ATTEMPTS) toPark.push({ event: f.event, error: failureMessage(f.err), attempts: n });
    else waiting.push(f);
  }
  if (toPark.length > 0) {
    await parkEvents(sql, name, toPark);
    for (const p of toPark) attempts.forget(name, p.event.eventId);
    noticeParked(onParked, name, toPark);
  }
  const first = waiting[0];
  if (!first) return { reached: last ?? from, failure: null, parked: toPark.length };
  const before = events[events.indexOf(first.event) - 1];
  const reached = before && comparePositions(before, from) > 0 ? before : from;
  return { reached, failure: first.err, parked: toPark.length };
}

/**
 * Handles again the parked events whose retry staff asked for, per stream in log order: handled, their
 * rows go; failing again, they stay with the new error. Returns how many stay parked.
 */
export async function retryParkedReactions(
  sql: Sql,
  name: string,
  handleOne: (event: RecordedEvent) => Promise<void>,
  options: { decode?: boolean; dataFields?: readonly string[] },
): Promise<number> {
  const byStream = await parkedRetries(sql, name, options);
  for (const [streamId, events] of byStream) {
    try {
      for (const event of events) await handleOne(event);
      await unparkEvents(
        sql,
        name,
        events.map((e) => e.eventId),
      );
    } catch (err) {
      await retryFailed(sql, name, streamId, failureMessage(err));
    }
  }
  return countParked(sql, name);
}
