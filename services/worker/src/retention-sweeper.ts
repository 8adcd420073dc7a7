/**
 * The retention sweeper (issue 24): erases the personal data of orders whose appointment is more
 * than the retention period in the past (the back-office setting, else PERSONAL_DATA_RETENTION_DAYS),
 * at start and every `everyMs`. Reads only Postgres; any number of workers may sweep (each order is
 * erased once: the decider's idempotency and the expected version). It also deletes Myinfo's sealed
 * logins and retrieved people past their time (issue 49), which the api deletes only when it writes more.
 */
import {
  deleteExpiredMyinfo,
  deleteExpiredProgrammeAccess,
  eraseDueRetention,
  readRetentionDays,
} from '@hs/commands';
import type { Sql } from '@hs/db';
import type { Logger } from 'pino';
import { startSweeper } from './sweeper';

const ACTOR = 'worker:retention';

export function startRetentionSweeper(opts: {
  sql: Sql;
  everyMs: number;
  defaultDays: number;
  clock: () => Date;
  log: Logger;
}) {
  const { sql, clock, log } = opts;
  return startSweeper({
    everyMs: opts.everyMs,
    log,
    failure: 'retention sweep failed; trying again',
    sweep: async () => {
      const retentionDays = await readRetentionDays(sql, opts.defaultDays);
      const erased = await eraseDueRetention(sql, clock, { retentionDays, actor: ACTOR });
      if (erased.length > 0) {
        log.info({ registrationIds: erased, retentionDays }, 'retention period over; personal data erased');
      }
      const forgotten = await deleteExpiredMyinfo(sql, clock());
      if (forgotten > 0) log.info({ rows: forgotten }, 'expired Myinfo logins and retrievals deleted');
      const lapsed = await deleteExpiredProgrammeAccess(sql, clock());
      if (lapsed > 0) log.info({ rows: lapsed }, 'expired programme codes, passes and report links deleted');
    },
  });
}
