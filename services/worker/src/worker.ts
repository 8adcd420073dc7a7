import { logCensorOptions, readRetentionConfig } from '@hs/config';
import { installPersonalData } from '@hs/privacy';
import { hostname } from 'node:os';
import { AUTOVACUUM_OFF_WARNING, type Sql, autovacuumGaps, connect, isPostgresUnreachable } from '@hs/db';
import {
  RESTORED_LOG_WARNING,
  guardTransactionIds,
  listenForAppends,
  startProjectionRunner,
} from '@hs/eventstore';
import {
  type PartnerClient,
  type SmsGateway,
  createFakePartnerClient,
  createHttpPartnerClient,
  createTwilioSmsGateway,
  payNowGatewayFromSettings,
  startFakeSmsServer,
} from '@hs/gateways';
import { type Mailer, createMailer } from '@hs/notifications';
import { projections } from '@hs/read-models';
import { Redis } from 'ioredis';
import pino, { type Logger } from 'pino';
import type { WorkerConfig } from './config';
import { type JobWorkers, startJobWorkers } from './jobs';
import { startHoldSweeper } from './hold-sweeper';
import { startNoShowSweeper } from './no-show-sweeper';
import { startPayNowSweeper } from './paynow-sweeper';
import { startRetentionSweeper } from './retention-sweeper';
import { startCompanyBillingSweeper } from './company-billing-sweeper';
import { startWaitlistMatcher } from './waitlist-matcher';
import { type Producers, createProducers } from './queues';
import { startNotificationsReactor } from './reactor';
import { startReconciler } from './reconciler';
import { startReminderSweeper } from './reminders';
import { type MetricsListener, countJobs, observed, startMetricsListener } from './metrics';
import { type Metrics, createMetrics } from '@hs/metrics';

export interface RunningWorker {
  id: string;
  log: Logger;
  sql: Sql;
  redis: Redis;
  /** The reactor's producer queues (reactor role), for inspection. */
  producers: Producers | null;
  /** The BullMQ workers (jobs role). */
  jobs: JobWorkers | null;
  /** The worker's series (issue 47); served at `metricsUrl` when WORKER_METRICS_PORT is set. */
  metrics: Metrics;
  metricsUrl: string | null;
  /** Stops taking work, lets in-flight work finish (bounded), closes connections. */
  stop: () => Promise<void>;
}

export interface WorkerDeps {
  log?: Logger;
  /** Replaces the mailer built from SMTP_URL / MAIL_OUTBOX_DIR. */
  mailer?: Mailer;
  /** Replaces the partner adapter built from PARTNER_API_URL (the fake partner without it). */
  partner?: PartnerClient;
  /** Replaces the SMS gateway built from SMS_PROVIDER_URL (tests point it at their fake server). */
  sms?: SmsGateway;
  clock?: () => Date;
  /** Reactor backoff while Redis refuses jobs (tests shorten it). */
  reactorRetryMaxMs?: number;
  /** How long a job waits for the orders projection (default 5 s). */
  orderWaitMs?: number;
}

/** The worker's logger: each line names the worker, with personal data censored as in the api's. */
export function workerLogger(
  level: WorkerConfig['logLevel'],
  id: string,
  destination?: pino.DestinationStream,
): Logger {
  return pino({ level, base: { worker: id }, ...logCensorOptions }, destination);
}

/**
 * Starts the worker's roles. It reaches the rest of the system only through DATABASE_URL and
 * REDIS_URL (plus SMTP and the partner API), so any number of workers can run on any host: leases
 * keep one projector and one reactor active, job ids and locks keep each job single.
 */
export async function startWorker(config: WorkerConfig, deps: WorkerDeps = {}): Promise<RunningWorker> {
  installPersonalData(config.personalData);
  const id = config.workerId ?? `${hostname()}-${process.pid}`;
  const log = deps.log ?? workerLogger(config.logLevel, id);
  const clock = deps.clock ?? (() => new Date());
  const metrics = createMetrics();
  const sql = connect(config.databaseUrl, { max: config.databasePoolSize, applicationName: `worker:${id}` });
  // BullMQ workers need maxRetriesPerRequest null: they block on Redis and must wait out outages.
  const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: null, lazyConnect: true });
  redis.on('error', (err) => log.warn({ err: err.message }, 'redis error'));

  // Started while Postgres is away (a restart, a failover), it waits for it rather than exit.
  for (let attempt = 1; ; attempt++) {
    try {
      await sql`select 1`;
      // A database restored into a cluster whose transaction counter is behind: renumber before subscribing.
      await guardTransactionIds(sql, { onRenumber: (ids) => log.warn(ids, RESTORED_LOG_WARNING) });
      const off = await autovacuumGaps(sql);
      if (off.length > 0) log.warn({ settings: off }, AUTOVACUUM_OFF_WARNING);
      break;
    } catch (err) {
      if (!isPostgresUnreachable(err)) throw err;
      log.warn({ err: (err as Error).message, attempt }, 'postgres not reachable at start; retrying');
      await new Promise((r) => setTimeout(r, Math.min(500 * attempt, 5_000)));
    }
  }
  // Not awaited: a worker (re)started while Redis is down must still run its projections (they need only
  // Postgres); ioredis keeps reconnecting, and the reactor and job queues wait for it on their own.
  redis.connect().catch((err) => log.warn({ err: err.message }, 'redis not reachable at start; retrying'));
  const stoppers: Array<() => Promise<void>> = [];
  if (config.roles.includes('projector')) {
    // Every worker may run this: the projections' leases, taken together, keep exactly one runner of
    // the group active across hosts; the group applies each batch to every read model in one
    // transaction (issue 27).
    const runner = startProjectionRunner(sql, projections, {
      holderId: id,
      onError: (err, name) => log.error({ err, projections: name }, 'projection batch failed; retrying'),
      onParked: (parked) =>
        log.error({ parked }, 'event parked: the projection skips it until staff retry it'),
    });
    stoppers.push(() => runner.stop());
  }
  const policy = { attempts: config.jobAttempts, backoffMs: config.jobBackoffMs };
  let producers: Producers | null = null;
  if (config.roles.includes('reactor')) {
    const queues = createProducers(config.redisUrl, config.bullmqPrefix, policy, (err, queue) =>
      log.debug({ queue, err: err.message }, 'queue connection error'),
    );
    producers = queues;
    const reactor = startNotificationsReactor({
      sql,
      producers: queues,
      holderId: id,
      retryMaxMs: deps.reactorRetryMaxMs,
      onError: (err) =>
        log.warn({ err: err instanceof Error ? err.message : err }, 'reactor could not enqueue; retrying'),
      onParked: (parked) => log.error({ parked }, 'event parked: the reactor skips it until staff retry it'),
    });
    stoppers.push(async () => {
      await reactor.stop();
      await Promise.all(Object.values(queues).map((q) => q.close().catch(() => {})));
    });
    // The sweepers rest until their next due time and look again at the log's NOTIFY (issue 47): one
    // LISTEN for all of them, on the pool's one listening connection (the projector's and reactor's).
    const appends = listenForAppends(sql, (err) =>
      log.warn({ err: (err as Error).message }, 'sweepers could not listen; their safety net polls'),
    );
    stoppers.push(() => appends.close());
    // Expiry reacts to time rather than to an event; it needs only Postgres, and any number may run.
    const sweeper = startHoldSweeper({ sql, everyMs: config.holdSweepMs, clock, log, wake: appends });
    stoppers.push(() => sweeper.stop());
    // No-shows react to the end of the appointment day (issue 23); a sweep a minute is plenty.
    const noShows = startNoShowSweeper({ sql, everyMs: Math.max(config.holdSweepMs, 60_000), clock, log });
    stoppers.push(() => noShows.stop());
    // Retention (issue 24): personal data past its period is erased on time's account, like no-shows.
    const retentionConfig = readRetentionConfig();
    const retention = startRetentionSweeper({
      sql,
      everyMs: retentionConfig.sweepMs,
      defaultDays: retentionConfig.retentionDays,
      clock,
      log,
    });
    stoppers.push(() => retention.stop());
    // Offers to the waiting list react to time and freed seats the same way (issue 22).
    const matcher = startWaitlistMatcher({
      sql,
      everyMs: config.waitlistSweepMs,
      clock,
      offerMinutes: config.waitlistOfferMinutes,
      log,
      wake: appends,
    });
    stoppers.push(() => matcher.stop());
    // PayNow (issue 48): what a lost webhook did not say, and the QRs of orders that closed.
    // PAYNOW_ENABLED=false stops new QRs only: QRs and refunds already made are still followed up.
    const payNow = payNowGatewayFromSettings(config.paynow);
    if (payNow) {
      const payNowSweeper = startPayNowSweeper({
        sql,
        gateway: payNow,
        everyMs: config.payNowSweepMs,
        staleMs: config.payNowStaleMs,
        clock,
        log,
      });
      stoppers.push(() => payNowSweeper.stop());
    }
    // Reminders (issue 26): planned from the log at every sweep, so a Redis that lost them loses nothing.
    const reminders = startReminderSweeper({
      sql,
      producers: queues,
      everyMs: config.reminderSweepMs,
      clock,
      log,
      wake: appends,
    });
    stoppers.push(() => reminders.stop());
    // Issue 47: owed work that Redis lost (a flush, a failover) is enqueued again under its job id.
    const reconciler = startReconciler({
      sql,
      producers: queues,
      everyMs: config.reconcile.everyMs,
      window: { lookbackMs: config.reconcile.lookbackMs, graceMs: config.reconcile.graceMs },
      log,
    });
    stoppers.push(() => reconciler.stop());
  }
  let jobs: JobWorkers | null = null;
  let mailer: Mailer | null = null;
  if (config.roles.includes('jobs')) {
    mailer = observed(
      metrics,
      deps.mailer ?? createMailer({ smtpUrl: config.smtpUrl, outboxDir: config.mailOutboxDir }),
      'smtp',
    );
    // Issue 51: company invoices and their emails, from Postgres alone (where the mailer is).
    const billing = startCompanyBillingSweeper({
      sql,
      mailer,
      everyMs: config.companyBillingSweepMs,
      clock,
      log,
    });
    stoppers.push(() => billing.stop());
    const partner = observed(
      metrics,
      deps.partner ??
        (config.partner.apiUrl
          ? createHttpPartnerClient({
              baseUrl: config.partner.apiUrl,
              apiKey: config.partner.apiKey,
              timeoutMs: config.partner.timeoutMs,
              retries: 0, // BullMQ retries the job with backoff
            })
          : createFakePartnerClient()),
      'partner',
    );
    const sms = observed(metrics, deps.sms ?? (await smsGatewayFor(config, log, stoppers)), 'sms');
    const running = startJobWorkers(
      {
        sql,
        mailer,
        partner,
        sms,
        log,
        clock,
        redis,
        lockPrefix: config.bullmqPrefix,
        messageLockTtlMs: config.lockDurationMs,
        orderWaitMs: deps.orderWaitMs ?? 5_000,
        publicBaseUrl: config.publicBaseUrl,
        waitlistTokenSecret: config.waitlistTokenSecret,
        manageLinkSecret: config.manageLinkSecret,
      },
      {
        redisUrl: config.redisUrl,
        prefix: config.bullmqPrefix,
        concurrency: config.jobConcurrency,
        workerId: id,
        lockDurationMs: config.lockDurationMs,
        stalledIntervalMs: config.stalledIntervalMs,
      },
    );
    jobs = running;
    countJobs(metrics, running.workers);
    stoppers.push(() => running.close(config.shutdownGraceMs));
  }
  let listener: MetricsListener | null = null;
  if (config.metrics) {
    listener = await startMetricsListener(metrics, config.metrics);
    log.info({ url: listener.url }, 'metrics listening');
  }
  log.info({ roles: config.roles, prefix: config.bullmqPrefix }, 'worker ready');

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      log.info('worker stopping');
      // Jobs first (they were started last): active jobs finish while the database is still there.
      for (const s of stoppers.reverse()) await s();
      await mailer?.close();
      await listener?.close();
      redis.disconnect();
      await sql.end({ timeout: 5 });
      log.info('worker stopped');
    })();
    return stopping;
  };
  return { id, log, sql, redis, producers, jobs, metrics, metricsUrl: listener?.url ?? null, stop };
}

/**
 * The SMS adapter: Twilio's Messages API at SMS_PROVIDER_URL. Without it (never in production: the
 * config refuses that) the local fake SMS server runs in this process and the same adapter talks to
 * it over HTTP, so the demo goes the real path; each message it receives is logged.
 */
async function smsGatewayFor(
  config: WorkerConfig,
  log: Logger,
  stoppers: Array<() => Promise<void>>,
): Promise<SmsGateway> {
  const { providerUrl, accountSid, authToken, senderId } = config.sms;
  if (providerUrl) return createTwilioSmsGateway({ baseUrl: providerUrl, accountSid, authToken, senderId });
  const fake = await startFakeSmsServer({
    onMessage: (m) =>
      log.info({ to: m.to, sid: m.sid, body: m.body }, 'SMS received by the local fake SMS server'),
  });
  stoppers.push(() => fake.close());
  return createTwilioSmsGateway({
    baseUrl: fake.url,
    accountSid: 'ACdemo',
    authToken: 'demo',
    senderId: 'HealthScr',
  });
}
