import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { getHeapStatistics } from 'node:v8';
import { readMetricsToken } from '@hs/metrics';
import {
  type CommonConfig,
  ConfigError,
  type Env,
  bool,
  int,
  oneOf,
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
  str,
} from '@hs/config';
import type { SingpassConfig } from '@hs/gateways';
import { readSingpassConfig } from './myinfo/config';

export interface RateLimitRule {
  max: number;
  timeWindow: string;
}

/** Every rate limit of the api in one place; RATE_LIMITS=off switches all off (benchmarks, load tests). */
export interface RateLimits {
  enabled: boolean;
  global: RateLimitRule;
  login: RateLimitRule;
  lookup: RateLimitRule;
  cancel: RateLimitRule;
  discountValidate: RateLimitRule;
  booking: RateLimitRule;
  notFound: RateLimitRule;
  memberCheck: MemberCheckLimits;
  /**
   * Booking lookups, manage reads and public reschedules (issue 46), counted in Redis so every api
   * process shares them: per visitor (IP) and per reference, each in a fixed window. `keyPrefix`
   * keeps one deployment's (or test app's) counters apart.
   */
  bookingLookups: {
    perVisitor: number;
    perReference: number;
    windowMs: number;
    /** Wrong emails or dates of birth one reference may get in an hour before its second check is refused. */
    wrongChecksPerHour: number;
    keyPrefix: string;
  };
}

/**
 * The insurer (AIA) membership check, asked by a visitor or by a booking that opts in (issue 46):
 * distinct number-and-birth-date pairs per visitor (IP) and distinct birth dates per identification
 * number in one window. Kept in Redis, keyed by HMACs, never the number itself.
 */
export interface MemberCheckLimits {
  perVisitor: number;
  perIdentification: number;
  windowMinutes: number;
  /** Redis key prefix: the deployment's (BULLMQ_PREFIX), as one Redis may serve several. */
  keyPrefix: string;
}

export interface ApiConfig extends CommonConfig {
  host: string;
  port: number;
  jwtSecret: string;
  /** Where the built web app lives; served with an SPA fallback when it exists. */
  webDist: string;
  corsOrigins: string[];
  trustProxy: boolean;
  /** How long a cached public catalogue answer may live without a change notification; 0 turns the cache off. */
  readCacheMs: number;
  /** Issue 50: how long HTTP caches and CDNs may keep the public reads (plugins/app/http-cache.ts). */
  publicCache: { sMaxAgeSeconds: number; staleSeconds: number };
  rateLimits: RateLimits;
  admin: { username: string | undefined; password: string | undefined };
  braintree: {
    environment: 'sandbox' | 'production';
    merchantId: string | undefined;
    publicKey: string | undefined;
    privateKey: string | undefined;
    merchantAccountName: string | undefined;
  };
  partner: { apiUrl: string | undefined; apiKey: string | undefined; timeoutMs: number };
  insurer: { apiUrl: string | undefined; apiKey: string | undefined; timeoutMs: number };
  /**
   * Payment test mode until an admin sets the switch (PAYMENT_TEST_MODE): on outside production and
   * in the demo, off in production, so a fresh production install never confirms test-card payments.
   */
  paymentTestModeDefault: boolean;
  /** Commands' appends written in batches (issue 27); GROUP_COMMIT=off writes each alone (benchmarks). */
  groupCommit: boolean;
  /** The bearer token `/metrics` asks for (METRICS_TOKEN); without it `/metrics` answers 404 (issue 47). */
  metricsToken: string | undefined;
  /**
   * Load shedding (issue 47, plugins/app/overload.ts): 503 with Retry-After once the event loop's
   * delay (sampled once a second) or the heap in use passes these; 0 turns a check off.
   */
  overload: { maxEventLoopDelayMs: number; maxHeapUsedBytes: number; retryAfterSeconds: number };
  /** PayNow through Stripe (issue 48). */
  paynow: PayNowConfig;
  /** Singpass Myinfo (issue 49); null when SINGPASS_ISSUER is not set (Myinfo is not offered). */
  singpass: SingpassConfig | null;
}

const heapLimitBytes = getHeapStatistics().heap_size_limit;

export function readApiConfig(env: Env = process.env): ApiConfig {
  const common = readCommonConfig(env);
  const paynow = readPayNowConfig(env);
  refuseFakeStripeInProduction(common, paynow);
  let jwtSecret = optionalStr(env, 'JWT_SECRET');
  if (!jwtSecret) {
    if (common.env === 'production') throw new ConfigError('JWT_SECRET', 'is required in production');
    // Outside production a per-process secret is fine: tokens simply do not survive a restart.
    jwtSecret = randomBytes(32).toString('hex');
  } else if (jwtSecret.length < 32) {
    throw new ConfigError('JWT_SECRET', 'must be at least 32 characters');
  }
  const limitsOn = oneOf(env, 'RATE_LIMITS', ['on', 'off'] as const, 'on') === 'on';
  const config: ApiConfig = {
    ...common,
    host: str(env, 'HOST', '0.0.0.0'),
    port: int(env, 'PORT', 3000, { min: 0, max: 65535 }),
    jwtSecret,
    webDist: resolve(str(env, 'WEB_DIST', resolve(process.cwd(), 'web/dist'))),
    corsOrigins: (optionalStr(env, 'CORS_ORIGINS') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    trustProxy: bool(env, 'TRUST_PROXY', false),
    readCacheMs: int(env, 'READ_CACHE_MS', 1000, { min: 0, max: 60_000 }),
    publicCache: {
      sMaxAgeSeconds: int(env, 'PUBLIC_CACHE_S_MAXAGE', 2, { min: 0, max: 300 }),
      staleSeconds: int(env, 'PUBLIC_CACHE_STALE_SECONDS', 3, { min: 0, max: 600 }),
    },
    rateLimits: {
      enabled: limitsOn,
      global: { max: int(env, 'RATE_LIMIT_GLOBAL_PER_MINUTE', 600, { min: 1 }), timeWindow: '1 minute' },
      login: { max: 5, timeWindow: '15 minutes' },
      lookup: { max: 30, timeWindow: '1 minute' },
      cancel: { max: 10, timeWindow: '1 minute' },
      discountValidate: { max: 20, timeWindow: '1 minute' },
      booking: { max: 30, timeWindow: '1 minute' },
      notFound: { max: 60, timeWindow: '1 minute' },
      bookingLookups: {
        perVisitor: int(env, 'LOOKUP_LIMIT_PER_VISITOR', 120, { min: 1 }),
        perReference: int(env, 'LOOKUP_LIMIT_PER_REFERENCE', 60, { min: 1 }),
        windowMs: int(env, 'LOOKUP_LIMIT_WINDOW_MINUTES', 10, { min: 1, max: 24 * 60 }) * 60_000,
        wrongChecksPerHour: int(env, 'MANAGE_WRONG_CHECKS_PER_HOUR', 5, { min: 1 }),
        keyPrefix: `${common.bullmqPrefix}:lookups`,
      },
      memberCheck: {
        perVisitor: int(env, 'MEMBER_CHECK_LIMIT_PER_VISITOR', 20, { min: 1 }),
        perIdentification: int(env, 'MEMBER_CHECK_LIMIT_PER_ID', 5, { min: 1 }),
        windowMinutes: int(env, 'MEMBER_CHECK_WINDOW_MINUTES', 10, { min: 1, max: 24 * 60 }),
        keyPrefix: `${common.bullmqPrefix}:member-check`,
      },
    },
    admin: { username: optionalStr(env, 'ADMIN_USERNAME'), password: optionalStr(env, 'ADMIN_PASSWORD') },
    braintree: {
      environment: oneOf(env, 'BRAINTREE_ENVIRONMENT', ['sandbox', 'production'] as const, 'sandbox'),
      merchantId: optionalStr(env, 'BRAINTREE_MERCHANT_ID'),
      publicKey: optionalStr(env, 'BRAINTREE_PUBLIC_KEY'),
      privateKey: optionalStr(env, 'BRAINTREE_PRIVATE_KEY'),
      merchantAccountName: optionalStr(env, 'BRAINTREE_MERCHANT_ACCOUNT'),
    },
    partner: {
      apiUrl: optionalUrl(env, 'PARTNER_API_URL', ['http', 'https']),
      apiKey: optionalStr(env, 'PARTNER_API_KEY'),
      timeoutMs: int(env, 'PARTNER_TIMEOUT_MS', 5000, { min: 100 }),
    },
    insurer: {
      apiUrl: optionalUrl(env, 'INSURER_API_URL', ['http', 'https']),
      apiKey: optionalStr(env, 'INSURER_API_KEY'),
      timeoutMs: int(env, 'INSURER_TIMEOUT_MS', 5000, { min: 100 }),
    },
    paymentTestModeDefault: bool(env, 'PAYMENT_TEST_MODE', common.env !== 'production' || common.demo),
    groupCommit: oneOf(env, 'GROUP_COMMIT', ['on', 'off'] as const, 'on') === 'on',
    paynow,
    singpass: readSingpassConfig(env, common),
    metricsToken: readMetricsToken(env),
    overload: {
      maxEventLoopDelayMs: int(env, 'OVERLOAD_MAX_EVENT_LOOP_DELAY_MS', 1000, { min: 0 }),
      // Default: 90 % of V8's heap limit, the point past which the process is close to crashing.
      maxHeapUsedBytes:
        int(env, 'OVERLOAD_MAX_HEAP_USED_MB', Math.floor((heapLimitBytes * 0.9) / 2 ** 20), { min: 0 }) *
        2 ** 20,
      retryAfterSeconds: int(env, 'OVERLOAD_RETRY_AFTER_SECONDS', 10, { min: 1, max: 3600 }),
    },
  };
  refuseFakesInProduction(common, [
    ...personalDataKeyServices(env),
    ...payNowServices(paynow),
    {
      variable: 'INSURER_API_URL',
      configured: !!config.insurer.apiUrl,
      fake: 'a fake insurer would grant member prices to hard-coded demo NRICs',
    },
    {
      variable: 'PARTNER_API_URL',
      configured: !!config.partner.apiUrl,
      fake: 'a fake partner would answer with demo bookings',
    },
    // With test mode on the test gateway serves by choice; otherwise live payments need all three.
    ...(['BRAINTREE_MERCHANT_ID', 'BRAINTREE_PUBLIC_KEY', 'BRAINTREE_PRIVATE_KEY'] as const).map(
      (variable) => ({
        variable,
        configured: config.paymentTestModeDefault || !!optionalStr(env, variable),
        fake: 'no card payment could be taken (PAYMENT_TEST_MODE=true takes test payments instead)',
      }),
    ),
    // Last: a deployment missing a fake's variable hears of that first, as before issue 46.
    manageLinkSecretService(env),
  ]);
  return config;
}

/** Config for tests: production-like but quiet and with a fixed secret. */
export function testApiConfig(overrides: Partial<ApiConfig> = {}, env: Env = {}): ApiConfig {
  const config = readApiConfig({
    NODE_ENV: 'test',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0000',
    ...env,
  });
  // Tests share one Redis: each app counts its own lookups and member checks (a fresh prefix), as the
  // in-memory limits do.
  config.rateLimits.bookingLookups.keyPrefix = `test:${randomBytes(6).toString('hex')}:lookups`;
  config.rateLimits.memberCheck.keyPrefix = `test:${randomBytes(6).toString('hex')}:member-check`;
  // A test machine's load (a starved process, another file's synchronous work) is no overload of
  // this app: event-loop shedding is off unless a test asks for it (the heap check stays on).
  if (env.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS === undefined) config.overload.maxEventLoopDelayMs = 0;
  return { ...config, ...overrides };
}
