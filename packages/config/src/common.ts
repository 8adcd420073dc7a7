import { createHmac } from 'node:crypto';
import { ConfigError, type Env, bool, int, oneOf, optionalStr, optionalUrl, str, url } from './env';

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
  /** How long seats freed for a waiting-list entry stay held for it (the offer), in minutes. */
  waitlistOfferMinutes: number;
  /**
   * Signs the waiting-list links (HMAC of the entry and when it joined): the api and the worker must
   * agree, so both read it here. WAITLIST_TOKEN_SECRET, else derived from JWT_SECRET; empty in
   * production when neither is set (the services refuse to start then).
   */
  waitlistTokenSecret: string;
  /**
   * Encryption at rest (issue 24), base64 of 32 bytes each: `key` wraps the per-person data keys,
   * `previousKeys` still unwrap until `npm run rewrap-personal-data-keys` moved every key off them,
   * `hashKey` keys the HMAC of identification numbers for lookups. Outside production a fixed development
   * pair serves when unset (so api, worker and a fresh clone agree); production refuses to start then.
   */
  personalData: { key: string; previousKeys: string | undefined; hashKey: string; configured: boolean };
  /**
   * Signs the manage links of the emails (issue 46: HMAC of the reference and an expiry): the worker
   * signs, the api verifies, so both read it here. MANAGE_LINK_SECRET; outside production (and in the
   * demo) a fixed development secret serves when unset; production refuses to start then
   * (production-guard.ts, manageLinkSecretService).
   */
  manageLinkSecret: string;
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
    waitlistOfferMinutes: int(env, 'WAITLIST_OFFER_MINUTES', 120, { min: 1, max: 10_080 }),
    waitlistTokenSecret: waitlistTokenSecret(env, nodeEnv),
    personalData: personalDataKeys(env, nodeEnv),
    manageLinkSecret: manageLinkSecret(env),
  };
}

/** Not secret: only for development, tests and the demo, which hold no real person's data. */
const DEVELOPMENT_PERSONAL_DATA_KEY = Buffer.alloc(32, 'development-personal-data-key').toString('base64');
const DEVELOPMENT_PERSONAL_DATA_HASH_KEY = Buffer.alloc(32, 'development-personal-data-hash').toString(
  'base64',
);

function base64Key(name: string, value: string): string {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(value) || Buffer.from(value, 'base64').length !== 32) {
    throw new ConfigError(name, 'must be base64 of exactly 32 random bytes (e.g. `openssl rand -base64 32`)');
  }
  return value;
}

function personalDataKeys(env: Env, nodeEnv: CommonConfig['env']): CommonConfig['personalData'] {
  const key = optionalStr(env, 'PERSONAL_DATA_KEY');
  const hashKey = optionalStr(env, 'PERSONAL_DATA_HASH_KEY');
  const previousKeys = optionalStr(env, 'PERSONAL_DATA_PREVIOUS_KEYS');
  for (const k of (previousKeys ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    base64Key('PERSONAL_DATA_PREVIOUS_KEYS', k);
  }
  return {
    key: key ? base64Key('PERSONAL_DATA_KEY', key) : DEVELOPMENT_PERSONAL_DATA_KEY,
    hashKey: hashKey ? base64Key('PERSONAL_DATA_HASH_KEY', hashKey) : DEVELOPMENT_PERSONAL_DATA_HASH_KEY,
    // Outside production the development key keeps unwrapping what a run without keys wrapped (a demo
    // database started before .demo-secrets.env existed).
    previousKeys:
      key && nodeEnv !== 'production'
        ? [previousKeys, DEVELOPMENT_PERSONAL_DATA_KEY].filter(Boolean).join(',')
        : previousKeys,
    configured: !!key && !!hashKey,
  };
}

/** Outside production, with neither secret set: one both processes share, so a link mailed by the worker opens in the api. */
const DEVELOPMENT_WAITLIST_SECRET = 'development-waitlist-token-secret-not-for-production';

function waitlistTokenSecret(env: Env, nodeEnv: CommonConfig['env']): string {
  const own = optionalStr(env, 'WAITLIST_TOKEN_SECRET');
  if (own) {
    if (own.length < 32) throw new ConfigError('WAITLIST_TOKEN_SECRET', 'must be at least 32 characters');
    return own;
  }
  const jwt = optionalStr(env, 'JWT_SECRET');
  // A secret of its own, derived, so a waiting-list token never doubles as anything JWT_SECRET signs.
  if (jwt) return createHmac('sha256', jwt).update('waitlist-token').digest('hex');
  // Production with neither: empty, and each service refuses it (the api already requires JWT_SECRET
  // there; the worker checks in readWorkerConfig), so a shared default never signs real links.
  if (nodeEnv === 'production') return '';
  return DEVELOPMENT_WAITLIST_SECRET;
}

/** Not secret: development, tests and the demo only (production without MANAGE_LINK_SECRET refuses to start). */
export const DEVELOPMENT_MANAGE_LINK_SECRET = 'development-manage-link-secret-not-for-production';

function manageLinkSecret(env: Env): string {
  const own = optionalStr(env, 'MANAGE_LINK_SECRET');
  if (!own) return DEVELOPMENT_MANAGE_LINK_SECRET;
  if (own.length < 32) throw new ConfigError('MANAGE_LINK_SECRET', 'must be at least 32 characters');
  return own;
}

function bullmqPrefix(env: Env): string {
  const prefix = str(env, 'BULLMQ_PREFIX', 'hs');
  if (!/^[A-Za-z0-9_{}-]+$/.test(prefix)) {
    throw new ConfigError('BULLMQ_PREFIX', `may hold letters, digits, _ - { } only, got "${prefix}"`);
  }
  return prefix;
}
