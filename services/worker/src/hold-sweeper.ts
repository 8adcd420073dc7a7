/**
 * The hold sweeper: expires orders whose payment hold ran out unpaid (expireDueHolds). The due time
 * is on the log (holdUntil on RegistrationBooked / RegistrationRevived, projected to
 * orders.hold_until), so nothing is lost when a worker restarts or Redis goes away: the next sweep of
 * any worker finds the hold. Any number of workers may sweep at once.
 *
 * It sleeps until the earliest hold runs out (issue 47); a NOTIFY (a booking, perhaps with the first
 * hold) makes it look at the earliest hold again, and `everyMs` is only the safety net.
 */
import { expireDueHolds } from '@hs/commands';
import type { Sql } from '@hs/db';
import type { WakeSource } from '@hs/eventstore';
import { nextHoldDueAt } from '@hs/read-models';
import type { Logger } from 'pino';
import { startSweeper } from './sweeper';

const ACTOR = 'worker:hold-sweeper';

export function startHoldSweeper(opts: {
  sql: Sql;
  everyMs: number;
  clock: () => Date;
  log: Logger;
  wake?: WakeSource;
}) {
  const { sql, clock, log } = opts;
  return startSweeper({
    everyMs: opts.everyMs,
    log,
    clock,
    wake: opts.wake,
    failure: 'hold sweep failed; trying again',
    nextDueAt: (sweptAt) => nextHoldDueAt(sql, sweptAt),
    sweep: async () => {
      const expired = await expireDueHolds(sql, clock, { actor: ACTOR });
      if (expired.length > 0) log.info({ registrationIds: expired }, 'payment holds ran out; orders expired');
    },
  });
}
