import type { CommonConfig } from './common';
import { ConfigError, type Env, bool, optionalStr, optionalUrl } from './env';
import type { RealService } from './production-guard';

/**
 * PayNow through Stripe (issue 48), read alike by the api (intents, webhooks, refunds) and the
 * worker (the sweeper that finds lost webhooks). `apiUrl` points the official SDK at a
 * Stripe-speaking fake (tests and the demo); without it the SDK talks to api.stripe.com.
 */
export interface PayNowConfig {
  /** Offered to customers (the admin's switch can still turn it off). */
  enabled: boolean;
  secretKey: string | undefined;
  webhookSecret: string | undefined;
  apiUrl: string | undefined;
  /** Customers see PayNow only when the gateway can be reached at all. */
  configured: boolean;
}

export function readPayNowConfig(env: Env): PayNowConfig {
  const secretKey = optionalStr(env, 'STRIPE_SECRET_KEY');
  const webhookSecret = optionalStr(env, 'STRIPE_WEBHOOK_SECRET');
  const configured = !!secretKey && !!webhookSecret;
  return {
    enabled: bool(env, 'PAYNOW_ENABLED', configured),
    secretKey,
    webhookSecret,
    apiUrl: optionalUrl(env, 'STRIPE_API_URL', ['http', 'https']),
    configured,
  };
}

/** Production with PayNow on needs Stripe's keys. */
export function payNowServices(config: PayNowConfig): RealService[] {
  if (!config.enabled) return [];
  return [
    {
      variable: 'STRIPE_SECRET_KEY',
      configured: !!config.secretKey,
      fake: 'no PayNow QR could be made',
    },
    {
      variable: 'STRIPE_WEBHOOK_SECRET',
      configured: !!config.webhookSecret,
      fake: 'no PayNow payment could be confirmed',
    },
  ];
}

/** STRIPE_API_URL is for a fake Stripe server: production refuses it (the demo keeps it). */
export function refuseFakeStripeInProduction(
  common: Pick<CommonConfig, 'env' | 'demo'>,
  config: PayNowConfig,
) {
  if (common.env !== 'production' || common.demo || !config.apiUrl) return;
  throw new ConfigError(
    'STRIPE_API_URL',
    'must not be set in production: it points PayNow at a fake Stripe server (DEMO=true runs the demo with the fakes)',
  );
}
