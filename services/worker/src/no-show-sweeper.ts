/**
 * The no-show sweeper (issue 23): after an appointment's Singapore day has ended, marks everyone on
 * the order who was not checked in (markDueNoShows). Like the hold sweeper it reads only Postgres, so
 * any number of workers may sweep and a restart loses nothing.
 *
 * Days end at Singapore midnight, so it sleeps until the next one (issue 47); `everyMs`, the safety
 * net, catches what comes due between midnights (a check-in undone after its day).
 */
import { markDueNoShows } from '@hs/commands';
import type { Sql } from '@hs/db';
import { addDaysToDay, singaporeInstant, singaporeToday } from '@hs/domain';
import type { Logger } from 'pino';
import { startSweeper } from './sweeper';

const ACTOR = 'worker:no-show';

/** The end of the Singapore day `now` falls in. */
export const nextSingaporeMidnight = (now: Date): Date =>
  singaporeInstant(addDaysToDay(singaporeToday(now), 1), '00:00');

export function startNoShowSweeper(opts: { sql: Sql; everyMs: number; clock: () => Date; log: Logger }) {
  const { sql, clock, log } = opts;
  return startSweeper({
    everyMs: opts.everyMs,
    log,
    clock,
    failure: 'no-show sweep failed; trying again',
    nextDueAt: async () => nextSingaporeMidnight(clock()),
    sweep: async () => {
      const marked = await markDueNoShows(sql, clock, { actor: ACTOR });
      if (marked.length > 0) log.info({ registrationIds: marked }, 'appointment day over; no-shows marked');
    },
  });
}
