/**
 * The no-show sweeper (issue 23): after an appointment's Singapore day has ended, marks everyone on
 * the order who was not checked in (markDueNoShows), every `everyMs`. Like the hold sweeper it reads
 * only Postgres, so any number of workers may sweep and a restart loses nothing.
 */
import { markDueNoShows } from '@hs/commands';
import type { Sql } from '@hs/db';
import type { Logger } from 'pino';

const ACTOR = 'worker:no-show';

export function startNoShowSweeper(opts: { sql: Sql; everyMs: number; clock: () => Date; log: Logger }) {
  const { sql, clock, log } = opts;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = markDueNoShows(sql, clock, { actor: ACTOR })
      .then((marked) => {
        if (marked.length > 0) log.info({ registrationIds: marked }, 'appointment day over; no-shows marked');
      })
      .catch((err) => log.warn({ err: (err as Error).message }, 'no-show sweep failed; trying again'))
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
