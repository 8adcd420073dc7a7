import type { CommonConfig } from './common';
import { ConfigError } from './env';

/** The encryption-at-rest keys (issue 24): without them the public development keys would serve. */
export function personalDataKeyServices(env: Record<string, string | undefined>): RealService[] {
  return (['PERSONAL_DATA_KEY', 'PERSONAL_DATA_HASH_KEY'] as const).map((variable) => ({
    variable,
    configured: !!env[variable]?.trim(),
    fake: 'personal data would be encrypted with the public development key',
  }));
}

/** The manage links' secret (issue 46): without it the public development secret would sign them. */
export function manageLinkSecretService(env: Record<string, string | undefined>): RealService {
  return {
    variable: 'MANAGE_LINK_SECRET',
    configured: !!env.MANAGE_LINK_SECRET?.trim(),
    fake: "anyone could sign a booking's manage link with the public development secret",
  };
}

/** A service that a fake stands in for when its variable is not set. */
export interface RealService {
  /** The variable that makes the real adapter serve. */
  variable: string;
  configured: boolean;
  /** What would happen without it, for the error line. */
  fake: string;
}

/**
 * Production refuses to start when a fake would serve real customers (issue 24): the insurer fake
 * grants member prices to hard-coded demo NRICs, the partner fake answers with demo bookings, the
 * test card gateway confirms payments nobody made. The demo (DEMO=true, as docker compose and the
 * benchmarks run it) keeps them on purpose, and so does every non-production run.
 */
export function refuseFakesInProduction(common: Pick<CommonConfig, 'env' | 'demo'>, services: RealService[]) {
  if (common.env !== 'production' || common.demo) return;
  const missing = services.find((s) => !s.configured);
  if (missing) {
    throw new ConfigError(
      missing.variable,
      `is required in production: without it ${missing.fake} (DEMO=true runs the demo with the fakes)`,
    );
  }
}
