/**
 * The waiting-list matcher (issue 22): expires the offers past their time (their seats go back to
 * the slot) and offers freed seats to the first matching waiting entries (matchWaitlist). Like the
 * hold sweeper it reads only Postgres, and any number of workers may run it at once: each offer and
 * expiry is one append at the versions read.
 *
 * It runs as soon as the log is appended to (the events channel's NOTIFY, after the sweeper's settle
 * time, by which the projector has shown the freed seats in the read models the matcher reads), so a
 * seat freed by a cancellation, an expiry, a reschedule, a raised capacity or an unblocked slot is
 * held for the waiting list within moments rather than left for the next public booker; NOTIFYs that
 * come meanwhile are taken together, which bounds its cost under heavy booking. Otherwise it sleeps
 * until the earliest open offer runs out (issue 47), `everyMs` being only the safety net.
 */
import { matchWaitlist } from '@hs/commands';
import type { Sql } from '@hs/db';
import type { WakeSource } from '@hs/eventstore';
import { nextOfferDueAt } from '@hs/read-models';
import type { Logger } from 'pino';
import { startSweeper } from './sweeper';

const ACTOR = 'worker:waitlist-matcher';

export function startWaitlistMatcher(opts: {
  sql: Sql;
  everyMs: number;
  clock: () => Date;
  offerMinutes: number;
  log: Logger;
  wake?: WakeSource;
}) {
  const { sql, clock, log, offerMinutes } = opts;
  return startSweeper({
    everyMs: opts.everyMs,
    log,
    clock,
    wake: opts.wake,
    sweepOnWake: true,
    failure: 'waiting-list match failed; trying again',
    nextDueAt: (sweptAt) => nextOfferDueAt(sql, sweptAt),
    sweep: async () => {
      const { expired, offered } = await matchWaitlist(sql, clock, { offerMinutes }, { actor: ACTOR });
      if (expired.length > 0) log.info({ entryIds: expired }, 'waiting-list offers ran out');
      if (offered.length > 0) log.info({ offers: offered }, 'freed seats offered to the waiting list');
    },
  });
}
