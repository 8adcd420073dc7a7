import { ConfigError, type Env, bool, int, oneOf, optionalUrl, str, url } from './env';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Settings every process needs: where the shared engines are and how to log. */
export interface CommonConfig {
  env: 'development' | 'test' | 'production';
  databaseUrl: string;
  redisUrl: string;
  logLevel: LogLevel;
  smtpUrl: string | undefined;
  /** Where .eml files go when SMTP_URL is not set (development). */
  mailOutboxDir: string;
  /** Key prefix of every BullMQ queue (one Redis can serve several deployments). */
  bullmqPrefix: string;
  publicBaseUrl: string;
  /** Postgres pool size for this process. */
  databasePoolSize: number;
  demo: boolean;
  /** With `demo`: also book the demo orders (paid, held, refunded, expiring); test stacks that count mail turn it off. */
  demoOrders: boolean;
  /**
   * How long a booking awaiting payment holds its seats and discount code before it expires (the
   * default of the back-office setting, which wins once staff set it).
   */
  paymentHoldSeconds: number;
  /** A card-paid booking cancelled at least this long before its appointment is refunded automatically. */
  refundCutoffHours: number;
  /** The public may move a booking to another slot up to this long before its appointment. */
  rescheduleCutoffHours: number;
}

export function readCommonConfig(env: Env): CommonConfig {
  const nodeEnv = oneOf(env, 'NODE_ENV', ['development', 'test', 'production'] as const, 'development');
  return {
    env: nodeEnv,
    databaseUrl: url(
      env,
      'DATABASE_URL',
      ['postgres', 'postgresql'],
      'postgres://postgres@127.0.0.1:5432/postgres',
    ),
    redisUrl: url(env, 'REDIS_URL', ['redis', 'rediss'], 'redis://127.0.0.1:6379'),
    logLevel: oneOf(env, 'LOG_LEVEL', LOG_LEVELS, nodeEnv === 'test' ? 'silent' : 'info'),
    smtpUrl: optionalUrl(env, 'SMTP_URL', ['smtp', 'smtps']),
    mailOutboxDir: str(env, 'MAIL_OUTBOX_DIR', '.data/mail'),
    bullmqPrefix: bullmqPrefix(env),
    publicBaseUrl: url(env, 'PUBLIC_BASE_URL', ['http', 'https'], 'http://localhost:3000'),
    databasePoolSize: int(env, 'DATABASE_POOL_SIZE', 10, { min: 1, max: 200 }),
    demo: bool(env, 'DEMO', nodeEnv !== 'production'),
    demoOrders: bool(env, 'DEMO_ORDERS', true),
    paymentHoldSeconds: int(env, 'PAYMENT_HOLD_SECONDS', 1800, { min: 1, max: 86_400 }),
    refundCutoffHours: int(env, 'REFUND_CUTOFF_HOURS', 24, { min: 0, max: 8_760 }),
    rescheduleCutoffHours: int(env, 'RESCHEDULE_CUTOFF_HOURS', 24, { min: 0, max: 8_760 }),
  };
}

function bullmqPrefix(env: Env): string {
  const prefix = str(env, 'BULLMQ_PREFIX', 'hs');
  if (!/^[A-Za-z0-9_{}-]+$/.test(prefix)) {
    throw new ConfigError('BULLMQ_PREFIX', `may hold letters, digits, _ - { } only, got "${prefix}"`);
  }
  return prefix;
}
