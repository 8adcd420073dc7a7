/**
 * The waiting-list matcher (issue 22): expires the offers past their time (their seats go back to
 * the slot) and offers freed seats to the first matching waiting entries (matchWaitlist). Like the
 * hold sweeper it reads only Postgres, and any number of workers may run it at once: each offer and
 * expiry is one append at the versions read.
 *
 * It runs every `everyMs` and also as soon as the log is appended to (the events channel's NOTIFY),
 * so a seat freed by a cancellation, an expiry, a reschedule, a raised capacity or an unblocked slot
 * is held for the waiting list within moments rather than left for the next public booker until the
 * next sweep. Runs are at least MIN_GAP_MS apart, which bounds its cost under heavy booking.
 */
import { matchWaitlist } from '@hs/commands';
import type { Sql } from '@hs/db';
import { Stopper, Waker } from '@hs/eventstore';
import type { Logger } from 'pino';

const ACTOR = 'worker:waitlist-matcher';
const MIN_GAP_MS = 200;
/**
 * The NOTIFY comes as the seats free, usually before the projector has shown them in the read
 * models the matcher finds candidates in; one more run this much later sees them.
 */
const SETTLE_MS = 500;

export function startWaitlistMatcher(opts: {
  sql: Sql;
  everyMs: number;
  clock: () => Date;
  offerMinutes: number;
  log: Logger;
}) {
  const { sql, clock, log, offerMinutes } = opts;
  const stopper = new Stopper();
  const waker = new Waker(sql, stopper, (err) =>
    log.warn({ err: (err as Error).message }, 'waiting-list matcher could not listen; polling'),
  );
  void waker.listen();
  const run = async () => {
    try {
      const { expired, offered } = await matchWaitlist(sql, clock, { offerMinutes }, { actor: ACTOR });
      if (expired.length > 0) log.info({ entryIds: expired }, 'waiting-list offers ran out');
      if (offered.length > 0) log.info({ offers: offered }, 'freed seats offered to the waiting list');
    } catch (err) {
      log.warn({ err: (err as Error).message }, 'waiting-list match failed; trying again');
    }
  };
  const loop = async () => {
    const gap = Math.min(MIN_GAP_MS, opts.everyMs);
    const rest = Math.max(0, opts.everyMs - gap);
    while (!stopper.stopped) {
      await run();
      await stopper.sleep(gap);
      const waitedFrom = Date.now();
      await waker.wait(rest);
      const woken = Date.now() - waitedFrom < rest - 10;
      if (woken && !stopper.stopped) {
        await run();
        await stopper.sleep(SETTLE_MS);
      }
    }
  };
  const running = loop();
  return {
    stop: async () => {
      stopper.stop();
      await waker.close();
      await running;
    },
  };
}
