import { randomUUID } from 'node:crypto';
import type { Sql } from '@hs/db';
import { LeaseLostError } from './errors';
import { LeaseKeeper } from './lease';
import { Stopper, Waker } from './notify';
import { type Projection, applyGroupBatch } from './projection';
import {
  type ParkingState,
  applyGroupIsolated,
  loadParkingState,
  retryParkedEvents,
} from './projection-parking';
import {
  type Runner,
  type RunnerOptions,
  IdleDelay,
  RETRY_CHECK_MS,
  backoffMs,
  defaults,
  ensureCheckpoint,
} from './subscription';

/**
 * Runs the projections as one group in one loop (applyGroupBatch): only the holder of every member's
 * lease applies batches (the leases are taken together, see acquireLease); the others wait and take
 * over once the holder stops renewing. Woken by NOTIFY, with polling as the fallback; a failed batch
 * (dropped connection, handler error) rolls back whole, for every member, and the next batches are
 * applied member by member and event by event until one passes whole again, so one member's failing
 * event holds back neither the others nor, once parked, itself (projection-parking.ts, issue 43).
 */
export function startProjectionRunner(
  sql: Sql,
  projections: readonly Projection[],
  options: RunnerOptions = {},
): Runner {
  const holder = options.holderId ?? randomUUID();
  const pollMs = options.pollMs ?? defaults.pollMs;
  const names = projections.map((p) => p.name);
  if (names.length === 0) throw new TypeError('A projection runner needs at least one projection');
  if (new Set(names).size !== names.length)
    throw new TypeError(`Projections named twice: ${names.join(', ')}`);
  const label = names.join(',');
  const batchSize =
    options.batchSize ?? Math.min(...projections.map((p) => p.batchSize ?? defaults.batchSize));
  const stopper = new Stopper();
  const onError = (err: unknown) => options.onError?.(err, label);
  const waker = new Waker(sql, stopper, onError);
  const lease = new LeaseKeeper(
    sql,
    names,
    holder,
    options.leaseMs ?? defaults.leaseMs,
    () => waker.wake(),
    onError,
  );

  const started = (async () => {
    await waker.listen();
    lease.start();
  })();
  const done = (async () => {
    await started;
    let failures = 0;
    let epoch = -1;
    let parking: ParkingState | null = null;
    let isolate = false;
    let retryCheckedAt = 0;
    const idle = new IdleDelay();
    while (!stopper.stopped) {
      if (!lease.isHeld()) {
        await waker.wait(pollMs);
        continue;
      }
      try {
        if (parking === null || epoch !== lease.epoch) {
          for (const projection of projections) {
            const init = projection.init;
            if (init) await sql.begin((tx) => init(tx));
            await ensureCheckpoint(sql, projection.name);
          }
          // Another holder may have parked or retried events meanwhile.
          parking = await loadParkingState(sql, names);
          epoch = lease.epoch;
        }
        if (Date.now() - retryCheckedAt >= RETRY_CHECK_MS) {
          retryCheckedAt = Date.now();
          await retryParkedEvents(sql, projections, parking);
        }
        let result: { read: number; heldBack: boolean };
        if (isolate) {
          const pass = await applyGroupIsolated(
            sql,
            projections,
            holder,
            batchSize,
            parking,
            options.onParked,
          );
          if (pass.failure !== null) throw pass.failure;
          isolate = false;
          result = pass;
        } else {
          result = await applyGroupBatch(sql, projections, holder, batchSize, parking.parked);
        }
        failures = 0;
        if (result.read < batchSize) {
          // With parked events, look for the retries staff ask for (they send no NOTIFY) every second.
          const parked = [...parking.parked.values()].some((p) => p.size > 0);
          const restMs = parked ? Math.min(pollMs, RETRY_CHECK_MS) : pollMs;
          await waker.wait(idle.next(result.heldBack, restMs, result.read > 0));
        }
      } catch (err) {
        if (err instanceof LeaseLostError) lease.lost();
        else {
          onError(err);
          isolate = true;
        }
        failures++;
        await stopper.sleep(backoffMs(failures, 50, 5_000));
      }
    }
  })();

  const halt = async (release: boolean): Promise<void> => {
    await started;
    stopper.stop();
    waker.wake();
    await done;
    await waker.close();
    await lease.stop(release);
  };
  return { stop: () => halt(true), abandon: () => halt(false) };
}
