/**
 * The waiting-list matcher (issue 22): every `everyMs`, expires the offers past their time (their
 * seats go back to the slot) and offers freed seats to the first matching waiting entries
 * (matchWaitlist). Like the hold sweeper it reacts to time and to seats freed by any means
 * (cancellation, hold expiry, reschedule, capacity raised, slot unblocked), reads only Postgres, and
 * any number of workers may run it at once: each offer and expiry is one append at the versions read.
 */
import { matchWaitlist } from '@hs/commands';
import type { Sql } from '@hs/db';
import type { Logger } from 'pino';

const ACTOR = 'worker:waitlist-matcher';

export function startWaitlistMatcher(opts: {
  sql: Sql;
  everyMs: number;
  clock: () => Date;
  offerMinutes: number;
  log: Logger;
}) {
  const { sql, clock, log, offerMinutes } = opts;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = matchWaitlist(sql, clock, { offerMinutes }, { actor: ACTOR })
      .then(({ expired, offered }) => {
        if (expired.length > 0) log.info({ entryIds: expired }, 'waiting-list offers ran out');
        if (offered.length > 0) log.info({ offers: offered }, 'freed seats offered to the waiting list');
      })
      .catch((err) => log.warn({ err: (err as Error).message }, 'waiting-list match failed; trying again'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, opts.everyMs);
      });
  };
  timer = setTimeout(tick, 0);
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
