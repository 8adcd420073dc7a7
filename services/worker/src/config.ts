import {
  type CommonConfig,
  ConfigError,
  type Env,
  int,
  optionalStr,
  optionalUrl,
  readCommonConfig,
  manageLinkSecretService,
  type PayNowConfig,
  payNowServices,
  personalDataKeyServices,
  readPayNowConfig,
  refuseFakeStripeInProduction,
  refuseFakesInProduction,
} from '@hs/config';
import { readMetricsToken } from '@hs/metrics';

/** A sweeper's safety net is at most a day: a timer past 2^31 ms would fire at once, over and over. */
const DAY_MS = 86_400_000;

export const WORKER_ROLES = ['projector', 'reactor', 'jobs'] as const;
export type WorkerRole = (typeof WORKER_ROLES)[number];

export interface WorkerConfig extends CommonConfig {
  /** Which parts this process runs; every host may run all of them (leases and job ids keep work single). */
  roles: WorkerRole[];
  /** A stable name for leases and logs; defaults to host name + pid. */
  workerId: string | undefined;
  jobConcurrency: number;
  /** How long in-flight jobs may take to finish on SIGTERM before the process exits anyway. */
  shutdownGraceMs: number;
  partner: { apiUrl: string | undefined; apiKey: string | undefined; timeoutMs: number };
  /** Attempts per job and the first retry delay (doubling, with jitter). */
  jobAttempts: number;
  jobBackoffMs: number;
  /**
   * How long a job's BullMQ lock (and its per-message lock) outlives a worker that stopped renewing
   * it, e.g. one killed with SIGKILL. Renewed at a third to half of it while the worker lives.
   */
  lockDurationMs: number;
  /** How often each worker looks for stalled jobs (active, lock lapsed) and puts them back to wait. */
  stalledIntervalMs: number;
  /**
   * The hold sweeper's safety net: it sleeps until the earliest hold runs out and looks again at each
   * NOTIFY of the log (issue 47), and at the latest this long after its last sweep.
   */
  holdSweepMs: number;
  /** PayNow (issue 48): how often open QRs are checked with Stripe, and how old one must be to be asked about. */
  payNowSweepMs: number;
  payNowStaleMs: number;
  /** The waiting-list matcher's safety net (it runs at each NOTIFY and when an offer runs out). */
  waitlistSweepMs: number;
  /** The reminder sweeper's safety net (it sleeps until the next reminder is due; issue 26, 47). */
  reminderSweepMs: number;
  /** Issue 51: company invoices, their credit notes and emails; a month ends once a month. */
  companyBillingSweepMs: number;
  /**
   * The reconciler (issue 47): how often it enqueues again the owed work Redis lost, how far back it
   * looks, and how old owed work must be before it counts as lost (the reactor's own enqueue first).
   */
  reconcile: { everyMs: number; lookbackMs: number; graceMs: number };
  /**
   * The metrics listener (issue 47): WORKER_METRICS_PORT opens it (0: any free port), on
   * WORKER_METRICS_HOST; it needs METRICS_TOKEN, which every scrape must carry as a bearer token.
   */
  metrics: { port: number; host: string; token: string } | undefined;
  /** PayNow through Stripe (issue 48): the sweeper asks Stripe about intents whose webhook never came. */
  paynow: PayNowConfig;
  /** The SMS provider (Twilio Messages API shape); without SMS_PROVIDER_URL the fake gateway serves. */
  sms: { providerUrl: string | undefined; accountSid: string; authToken: string; senderId: string };
}

export function readWorkerConfig(env: Env = process.env): WorkerConfig {
  const common = readCommonConfig(env);
  const roles = (optionalStr(env, 'WORKER_ROLES') ?? WORKER_ROLES.join(','))
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
  for (const r of roles) {
    if (!(WORKER_ROLES as readonly string[]).includes(r)) {
      throw new ConfigError('WORKER_ROLES', `must list roles among ${WORKER_ROLES.join(', ')}, got "${r}"`);
    }
  }
  if (!common.waitlistTokenSecret) {
    // The worker mails waiting-list links the api must open: both sign them with the same secret.
    throw new ConfigError(
      'WAITLIST_TOKEN_SECRET',
      'is required in production (or JWT_SECRET, as the api has)',
    );
  }
  const partnerUrl = optionalUrl(env, 'PARTNER_API_URL', ['http', 'https']);
  const smsUrl = optionalUrl(env, 'SMS_PROVIDER_URL', ['http', 'https']);
  const paynow = readPayNowConfig(env);
  refuseFakeStripeInProduction(common, paynow);
  refuseFakesInProduction(common, [
    ...personalDataKeyServices(env),
    ...payNowServices(paynow),
    {
      variable: 'PARTNER_API_URL',
      configured: !!partnerUrl,
      fake: 'a fake partner would take the partner hand-offs',
    },
    {
      variable: 'SMS_PROVIDER_URL',
      configured: !!smsUrl,
      fake: 'reminder SMS would go to a gateway that sends nothing',
    },
    // Last: a deployment missing a fake's variable hears of that first, as before issue 46.
    manageLinkSecretService(env),
  ]);
  if (smsUrl) {
    for (const v of ['SMS_ACCOUNT_SID', 'SMS_AUTH_TOKEN', 'SMS_SENDER_ID']) {
      if (!optionalStr(env, v)) throw new ConfigError(v, 'is required with SMS_PROVIDER_URL');
    }
  }
  const metricsToken = readMetricsToken(env);
  const metricsPort = optionalStr(env, 'WORKER_METRICS_PORT');
  if (metricsPort !== undefined && !metricsToken)
    throw new ConfigError('METRICS_TOKEN', 'is required with WORKER_METRICS_PORT');
  return {
    ...common,
    metrics:
      metricsPort === undefined || !metricsToken
        ? undefined
        : {
            port: int(env, 'WORKER_METRICS_PORT', 0, { min: 0, max: 65535 }),
            host: optionalStr(env, 'WORKER_METRICS_HOST') ?? '0.0.0.0',
            token: metricsToken,
          },
    paynow,
    roles: roles as WorkerRole[],
    workerId: optionalStr(env, 'WORKER_ID'),
    jobConcurrency: int(env, 'WORKER_CONCURRENCY', 5, { min: 1, max: 100 }),
    shutdownGraceMs: int(env, 'WORKER_SHUTDOWN_GRACE_MS', 10_000, { min: 0 }),
    partner: {
      apiUrl: partnerUrl,
      apiKey: optionalStr(env, 'PARTNER_API_KEY'),
      timeoutMs: int(env, 'PARTNER_TIMEOUT_MS', 5000, { min: 100 }),
    },
    jobAttempts: int(env, 'JOB_ATTEMPTS', 8, { min: 1, max: 50 }),
    jobBackoffMs: int(env, 'JOB_BACKOFF_MS', 5_000, { min: 10 }),
    lockDurationMs: int(env, 'WORKER_LOCK_DURATION_MS', 30_000, { min: 1_000 }),
    stalledIntervalMs: int(env, 'WORKER_STALLED_INTERVAL_MS', 30_000, { min: 100 }),
    holdSweepMs: int(env, 'HOLD_SWEEP_MS', 300_000, { min: 50, max: DAY_MS }),
    payNowSweepMs: int(env, 'PAYNOW_SWEEP_MS', 60_000, { min: 50, max: DAY_MS }),
    payNowStaleMs: int(env, 'PAYNOW_STALE_MS', 180_000, { min: 0, max: DAY_MS }),
    waitlistSweepMs: int(env, 'WAITLIST_SWEEP_MS', 300_000, { min: 50, max: DAY_MS }),
    reminderSweepMs: int(env, 'REMINDER_SWEEP_MS', 300_000, { min: 50, max: DAY_MS }),
    companyBillingSweepMs: int(env, 'COMPANY_BILLING_SWEEP_MS', 600_000, { min: 50, max: DAY_MS }),
    reconcile: {
      everyMs: int(env, 'RECONCILE_EVERY_MS', 300_000, { min: 50, max: DAY_MS }),
      lookbackMs: int(env, 'RECONCILE_LOOKBACK_HOURS', 72, { min: 1, max: 24 * 90 }) * 3_600_000,
      graceMs: int(env, 'RECONCILE_GRACE_MS', 60_000, { min: 0 }),
    },
    sms: {
      providerUrl: smsUrl,
      accountSid: optionalStr(env, 'SMS_ACCOUNT_SID') ?? '',
      authToken: optionalStr(env, 'SMS_AUTH_TOKEN') ?? '',
      senderId: optionalStr(env, 'SMS_SENDER_ID') ?? '',
    },
  };
}
