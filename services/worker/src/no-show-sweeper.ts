/**
 * The no-show sweeper (issue 23): after an appointment's Singapore day has ended, marks everyone on
 * the order who was not checked in (markDueNoShows), every `everyMs`. Like the hold sweeper it reads
 * only Postgres, so any number of workers may sweep and a restart loses nothing.
 */
import { markDueNoShows } from '@hs/commands';
import type { Sql } from '@hs/db';
import type { Logger } from 'pino';
import { startSweeper } from './sweeper';

const ACTOR = 'worker:no-show';

export function startNoShowSweeper(opts: { sql: Sql; everyMs: number; clock: () => Date; log: Logger }) {
  const { sql, clock, log } = opts;
  return startSweeper({
    everyMs: opts.everyMs,
    log,
    failure: 'no-show sweep failed; trying again',
    sweep: async () => {
      const marked = await markDueNoShows(sql, clock, { actor: ACTOR });
      if (marked.length > 0) log.info({ registrationIds: marked }, 'appointment day over; no-shows marked');
    },
  });
}
