/**
 * A sweep that rests between due times (issue 47): it runs `sweep` at once, then sleeps until the
 * next due time it knows of (`nextDueAt`), until the log's NOTIFY says something was appended (`wake`,
 * then it looks again), or at the latest `everyMs` after the last run: that slow poll is only a safety
 * net, for what no due time or NOTIFY told it (a NOTIFY lost with a dropped connection, a clock moved,
 * a setting changed). Without `nextDueAt` and `wake` it is the plain timer it was: a run, then `everyMs`.
 * Runs never overlap; a failed run is logged and tried again soon (doubling up to `everyMs`).
 * stop() interrupts the sleep and waits for a run under way.
 */
import type { WakeSource } from '@hs/eventstore';
import type { DueTimes } from '@hs/read-models';
import type { Logger } from 'pino';

/**
 * After a NOTIFY, how long before looking: the projector applies the appended events to the read
 * models the due-time queries read, and NOTIFYs that come meanwhile are taken together.
 */
export const SETTLE_MS = 500;
/** After a NOTIFY, a second look this many settle times later. */
const RECHECK_FACTOR = 10;
/** A failed run is tried again after this long, doubling while it keeps failing (capped at everyMs). */
const RETRY_MS = 1_000;
/** Slept past a due time, so the sweep's `<= now` finds the row it was woken for. */
const DUE_MARGIN_MS = 5;

export interface SweeperOptions {
  /** The safety-net period: the longest the sweeper rests between runs. */
  everyMs: number;
  sweep: () => Promise<void>;
  log: Logger;
  /** What the warning says when a run fails. */
  failure: string;
  /**
   * The next time something will be due, as the read models know it now (null: nothing known).
   * `sweptAt` is when the last run started: a due time at or before it was that run's to handle, so
   * a due time still there after it (a backlog over the sweep's batch, an order the log refused)
   * brings the next run sooner than the safety net but backs off while it stays. A sweep whose rows
   * can stay due (holds, offers) answers `DueTimes`: the overdue rows back off on their own while
   * the next real due time still runs on time.
   */
  nextDueAt?: (sweptAt: Date) => Promise<Date | null | DueTimes>;
  /** NOTIFYs of appends: each makes the sweeper ask `nextDueAt` again (or, with `sweepOnWake`, run). */
  wake?: WakeSource;
  /** A NOTIFY runs the sweep itself (the waiting-list matcher: a seat freed is work now). */
  sweepOnWake?: boolean;
  /** The clock due times are compared with (tests move it). */
  clock?: () => Date;
  /** Overrides SETTLE_MS (tests). */
  settleMs?: number;
}

/** A plain due time is overdue when it is not after the run that should have handled it. */
function dueTimes(answer: Date | null | DueTimes, sweptAt: Date): DueTimes {
  if (answer === null) return { next: null, overdue: false };
  if (!(answer instanceof Date)) return answer;
  return answer.getTime() <= sweptAt.getTime()
    ? { next: null, overdue: true }
    : { next: answer, overdue: false };
}

export function startSweeper(opts: SweeperOptions) {
  const clock = opts.clock ?? (() => new Date());
  const settleMs = opts.settleMs ?? SETTLE_MS;
  let stopped = false;
  let woken = false;
  let interrupt: (() => void) | null = null;
  const unsubscribe = opts.wake?.subscribe(() => {
    woken = true;
    interrupt?.();
  });

  /** Resolves after `ms`, at a wake or at stop: true when a wake came (or had come meanwhile). */
  const rest = (ms: number, wakeable: boolean): Promise<boolean> => {
    if (stopped) return Promise.resolve(false);
    if (wakeable && woken) return Promise.resolve(true);
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        interrupt = null;
        resolve(wakeable && woken);
      };
      const timer = setTimeout(done, Math.max(0, ms));
      interrupt = wakeable ? done : () => (stopped ? done() : undefined);
    });
  };

  const run = async (): Promise<boolean> => {
    try {
      await opts.sweep();
      return true;
    } catch (err) {
      opts.log.warn({ err: (err as Error).message }, opts.failure);
      return false;
    }
  };

  /**
   * How long to rest before the next run: until the due time, the retry or the safety net, whichever
   * comes first; `overdue` says the due time was one the last run should have handled.
   */
  const plan = async (
    sweptAt: Date,
    endedAt: number,
    failures: number,
    overdueRuns: number,
  ): Promise<{ ms: number; overdue: boolean }> => {
    // On the real clock: a test's frozen clock must not stop the safety net.
    const safety = endedAt + opts.everyMs - Date.now();
    if (failures > 0) return { ms: Math.min(safety, RETRY_MS * 2 ** (failures - 1)), overdue: false };
    if (!opts.nextDueAt) return { ms: safety, overdue: false };
    let due: DueTimes;
    try {
      due = dueTimes(await opts.nextDueAt(sweptAt), sweptAt);
    } catch (err) {
      opts.log.warn({ err: (err as Error).message }, `${opts.failure} (next due time)`);
      return { ms: Math.min(safety, RETRY_MS), overdue: false };
    }
    const untilNext = due.next ? due.next.getTime() - clock().getTime() + DUE_MARGIN_MS : safety;
    // Still due after the run that should have handled it: again soon, then less and less often.
    const untilRetry = due.overdue ? RETRY_MS * 2 ** overdueRuns : safety;
    return { ms: Math.min(safety, untilNext, untilRetry), overdue: due.overdue };
  };

  const loop = async () => {
    const wakeable = opts.wake !== undefined;
    const wakeRuns = opts.sweepOnWake === true || !opts.nextDueAt;
    let failures = 0;
    let overdueRuns = 0;
    let runNow = true;
    let sweptAt = clock();
    let endedAt = Date.now();
    /** After a NOTIFY, one more look this much later: for a projector further behind than the settle time. */
    let recheckAt: number | null = null;
    while (!stopped) {
      if (runNow) {
        sweptAt = clock();
        failures = (await run()) ? 0 : failures + 1;
        endedAt = Date.now();
      }
      if (stopped) break;
      const { ms, overdue } = await plan(sweptAt, endedAt, failures, overdueRuns);
      overdueRuns = overdue ? overdueRuns + 1 : 0;
      const untilRecheck = recheckAt === null ? Number.POSITIVE_INFINITY : recheckAt - Date.now();
      if (!(await rest(Math.min(ms, untilRecheck), wakeable))) {
        // The recheck, or the due time, the retry or the safety net.
        const recheck = untilRecheck < ms;
        if (recheck) recheckAt = null;
        runNow = recheck ? wakeRuns : true;
        continue;
      }
      // A NOTIFY: let the projections catch up and further NOTIFYs gather, then look again.
      await rest(settleMs, false);
      woken = false;
      runNow = wakeRuns;
      recheckAt = Date.now() + RECHECK_FACTOR * settleMs;
    }
  };
  const running = loop();
  return {
    stop: async () => {
      stopped = true;
      unsubscribe?.();
      interrupt?.();
      await running;
    },
  };
}
