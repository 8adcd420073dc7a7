/**
 * The hold sweeper: expires orders whose payment hold ran out unpaid (expireDueHolds), every
 * `everyMs`. The due time is on the log (holdUntil on RegistrationBooked / RegistrationRevived,
 * projected to orders.hold_until), so nothing is lost when a worker restarts or Redis goes away: the
 * next sweep of any worker finds the hold. Any number of workers may sweep at once.
 */
import { expireDueHolds } from '@hs/commands';
import type { Sql } from '@hs/db';
import type { Logger } from 'pino';

const ACTOR = 'worker:hold-sweeper';

export function startHoldSweeper(opts: { sql: Sql; everyMs: number; clock: () => Date; log: Logger }) {
  const { sql, clock, log } = opts;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = expireDueHolds(sql, clock, { actor: ACTOR })
      .then((expired) => {
        if (expired.length > 0)
          log.info({ registrationIds: expired }, 'payment holds ran out; orders expired');
      })
      .catch((err) => log.warn({ err: (err as Error).message }, 'hold sweep failed; trying again'))
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
