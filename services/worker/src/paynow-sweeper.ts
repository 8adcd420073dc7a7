/**
 * The PayNow sweeper (issue 48): a webhook can be lost, so every PAYNOW_SWEEP_MS it asks Stripe
 * about each PayNow QR open longer than PAYNOW_STALE_MS (paid: recorded as the webhook would have;
 * cancelled or failed there: closed here), and cancels the QR of an order whose hold ran out or that
 * was cancelled (sweepPayNowIntents). Without Stripe configured it does not start.
 */
import { sweepPayNowIntents } from '@hs/commands';
import type { Sql } from '@hs/db';
import type { PayNowGateway } from '@hs/gateways';
import type { Logger } from 'pino';
import { startSweeper } from './sweeper';

const ACTOR = 'worker:paynow-sweeper';
/** Orders older than this are not looked at: a PayNow QR lives while the seats are held. */
const LOOKBACK_HOURS = 72;

export function startPayNowSweeper(opts: {
  sql: Sql;
  gateway: PayNowGateway;
  everyMs: number;
  staleMs: number;
  clock: () => Date;
  log: Logger;
}) {
  const { sql, gateway, clock, log } = opts;
  const reported = new Set<string>();
  return startSweeper({
    everyMs: opts.everyMs,
    log,
    clock,
    failure: 'PayNow sweep failed; trying again',
    sweep: async () => {
      const swept = await sweepPayNowIntents(sql, gateway, {
        staleMs: opts.staleMs,
        lookbackHours: LOOKBACK_HOURS,
        now: clock(),
        meta: { actor: ACTOR },
      });
      if (swept.settled > 0 || swept.closed > 0) log.info(swept, 'PayNow sweep settled or closed QRs');
      if (swept.errors.length > 0)
        log.warn({ errors: swept.errors }, 'PayNow sweep left orders for the next run');
      // Once per refund per process: staff settle it at Stripe (asking again could refund twice).
      const fresh = swept.stuckRefunds.filter((r) => !reported.has(r.refundId));
      for (const r of fresh) reported.add(r.refundId);
      if (fresh.length > 0)
        log.error(
          { refunds: fresh },
          'PayNow refunds pending for over 20 hours: check them in Stripe and record the outcome by hand',
        );
    },
  });
}
