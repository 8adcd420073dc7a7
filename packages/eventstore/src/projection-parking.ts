// How a projection group gets past an event it cannot apply (issue 43). After a group batch failed, the
// runner applies the next batch member by member and event by event, each in a savepoint: what applies
// commits, a member moves its own checkpoint up to the first event that failed (its other streams' events
// apply past it, the versions applied keep them from applying twice), and the other members go on.
// An event that fails PARK_AFTER_ATTEMPTS such passes (never for a transient failure) is parked for that
// member, with the later events of its stream behind it (a per-order read model must not apply them out
// of order); the member then goes on. A retry asked for by staff applies a stream's parked events in order.
import type { Sql, TransactionSql } from '@hs/db';
import {
  AttemptCounter,
  HELD_BEHIND,
  PARK_AFTER_ATTEMPTS,
  failureMessage,
  isTransientFailure,
  noticeParked,
  type OnParked,
  parkEvents,
  parkedRetries,
  parkedStreams,
  retryFailed,
  unparkEvents,
} from './parking';
import { type Position, comparePositions } from './position';
import {
  type Projection,
  advanceCheckpoints,
  memberEvents,
  readGroupBatch,
  startGroupTransaction,
} from './projection';
import { saveAppliedVersions } from './projection-versions';
import type { RecordedEvent } from './types';

/** What the runner keeps between passes: the parked streams per member, and the tries of failing events. */
export interface ParkingState {
  parked: Map<string, Set<string>>;
  attempts: AttemptCounter;
}

export async function loadParkingState(sql: Sql, names: readonly string[]): Promise<ParkingState> {
  return { parked: await parkedStreams(sql, names), attempts: new AttemptCounter() };
}

/** Applies one event in a savepoint: a failure undoes only that event's writes. */
function applyOne(tx: TransactionSql, projection: Projection, event: RecordedEvent): Promise<unknown> {
  return tx.savepoint((sp) => projection.handlers[event.type]!(sp as unknown as TransactionSql, event));
}

/**
 * One isolated pass over the group's next batch (see the top of this file). `failure` is the first error
 * of an event not yet parked: the runner backs off and passes again. Without one, it may go back to
 * whole-group batches.
 */
export async function applyGroupIsolated(
  sql: Sql,
  projections: readonly Projection[],
  holder: string | null,
  batchSize: number,
  state: ParkingState,
  onParked?: OnParked,
): Promise<{ read: number; heldBack: boolean; failure: unknown }> {
  const names = projections.map((p) => p.name);
  const parkedNow: [string, Set<string>, { event: RecordedEvent; error: string; attempts: number }[]][] = [];
  const result = await sql.begin(async (tx) => {
    await startGroupTransaction(tx, names);
    const batch = await readGroupBatch(tx, projections, holder, batchSize);
    let failure: unknown = null;
    const changedBy = new Map<string, Map<string, number>>();
    for (const projection of projections) {
      const name = projection.name;
      const applied = batch.applied.get(name) ?? new Map<string, number>();
      // A copy: the state learns of new parks only once they committed.
      const parked = new Set(state.parked.get(name));
      const changed = new Map<string, number>();
      const toPark: { event: RecordedEvent; error: string; attempts: number }[] = [];
      let reached: Position = batch.next;
      /** Streams with an event that failed in this pass but is not parked yet: their later events wait. */
      const waiting = new Set<string>();
      for (const event of memberEvents(projection, batch)) {
        if (event.version <= (applied.get(event.streamId) ?? 0) || waiting.has(event.streamId)) continue;
        if (parked.has(event.streamId)) {
          toPark.push({ event, error: HELD_BEHIND, attempts: 0 });
        } else {
          try {
            await applyOne(tx, projection, event);
            state.attempts.forget(name, event.eventId);
          } catch (err) {
            if (isTransientFailure(err)) throw err;
            const attempts = state.attempts.add(name, event.eventId);
            if (attempts < PARK_AFTER_ATTEMPTS) {
              // Other streams' events go on: the versions applied keep them from applying twice when
              // the next pass reads them again from the checkpoint, which stays before this event.
              if (failure === null)
                reached = positionBefore(batch.events, event, batch.checkpoints.get(name)!);
              failure ??= err;
              waiting.add(event.streamId);
              continue;
            }
            toPark.push({ event, error: failureMessage(err), attempts });
            parked.add(event.streamId);
            state.attempts.forget(name, event.eventId);
          }
        }
        applied.set(event.streamId, event.version);
        changed.set(event.streamId, event.version);
      }
      if (toPark.length > 0) {
        await parkEvents(tx, name, toPark);
        parkedNow.push([name, parked, toPark.filter((p) => p.attempts > 0)]);
      }
      if (changed.size > 0) changedBy.set(name, changed);
      if (comparePositions(reached, batch.checkpoints.get(name)!) > 0)
        await advanceCheckpoints(tx, [name], reached);
    }
    if (changedBy.size > 0) await saveAppliedVersions(tx, changedBy);
    return { read: batch.events.length, heldBack: batch.heldBack, failure };
  });
  // Known and told once the parks committed (a rolled-back pass parked nothing).
  for (const [name, streams, parked] of parkedNow) {
    state.parked.set(name, streams);
    noticeParked(onParked, name, parked);
  }
  return result;
}

/** The position of the batch's event before `event` (the member has handled up to it), or `own`. */
function positionBefore(events: readonly RecordedEvent[], event: RecordedEvent, own: Position): Position {
  const before = events[events.indexOf(event) - 1];
  return before && comparePositions(before, own) > 0 ? before : own;
}

/**
 * Applies the parked events whose retry staff asked for, per member and stream, in log order, all of a
 * stream in one savepoint: applied, their rows go; failing again, they stay with the new error. Reloads
 * the parked streams afterwards. Cheap when nothing is parked (no query).
 */
export async function retryParkedEvents(
  sql: Sql,
  projections: readonly Projection[],
  state: ParkingState,
): Promise<void> {
  const names = projections.map((p) => p.name);
  if (![...state.parked.values()].some((s) => s.size > 0)) return;
  await sql.begin(async (tx) => {
    await startGroupTransaction(tx, names);
    for (const projection of projections) {
      if (!state.parked.get(projection.name)?.size) continue;
      const byStream = await parkedRetries(tx, projection.name, {
        decode: projection.personalData !== false,
      });
      for (const [streamId, events] of byStream) {
        try {
          await tx.savepoint(async (sp) => {
            for (const event of events) {
              const handler = projection.handlers[event.type];
              if (handler) await handler(sp as unknown as TransactionSql, event);
            }
          });
          await unparkEvents(
            tx,
            projection.name,
            events.map((e) => e.eventId),
          );
        } catch (err) {
          if (isTransientFailure(err)) throw err;
          await retryFailed(tx, projection.name, streamId, failureMessage(err));
        }
      }
    }
  });
  const fresh = await parkedStreams(sql, names);
  state.parked.clear();
  for (const [name, streams] of fresh) state.parked.set(name, streams);
}
