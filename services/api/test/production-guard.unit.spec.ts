import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readApiConfig } from '../src/config';

const SERVER = fileURLToPath(new URL('../src/server.ts', import.meta.url));

/** Everything a real production deployment sets. */
const REAL = {
  NODE_ENV: 'production',
  JWT_SECRET: 'prod-secret-prod-secret-prod-secret-0000',
  INSURER_API_URL: 'https://insurer.example.sg/api',
  PARTNER_API_URL: 'https://partner.example.sg/api',
  BRAINTREE_MERCHANT_ID: 'merchant',
  BRAINTREE_PUBLIC_KEY: 'public',
  BRAINTREE_PRIVATE_KEY: 'private',
  PERSONAL_DATA_KEY: Buffer.alloc(32, 1).toString('base64'),
  PERSONAL_DATA_HASH_KEY: Buffer.alloc(32, 2).toString('base64'),
  MANAGE_LINK_SECRET: 'manage-link-secret-manage-link-secret',
};

function without(name: keyof typeof REAL): Record<string, string> {
  const env: Record<string, string> = { ...REAL };
  delete env[name];
  return env;
}

describe('production guard (issue 24)', () => {
  it('starts in production with every real service set, and payment test mode off by default', () => {
    const config = readApiConfig(REAL);
    expect(config.env).toBe('production');
    expect(config.paymentTestModeDefault).toBe(false);
  });

  it('refuses the insurer fake with one line naming INSURER_API_URL', () => {
    expect(() => readApiConfig(without('INSURER_API_URL'))).toThrow(
      'Invalid configuration: INSURER_API_URL is required in production: without it a fake insurer would grant member prices to hard-coded demo NRICs (DEMO=true runs the demo with the fakes)',
    );
  });

  it('refuses to run without the encryption-at-rest keys, naming each (issue 24)', () => {
    for (const name of ['PERSONAL_DATA_KEY', 'PERSONAL_DATA_HASH_KEY'] as const) {
      expect(() => readApiConfig(without(name))).toThrow(
        new RegExp(
          `^Invalid configuration: ${name} is required in production: without it personal data would be encrypted with the public development key`,
        ),
      );
    }
    expect(() => readApiConfig({ ...REAL, PERSONAL_DATA_KEY: 'c2hvcnQ=' })).toThrow(
      /^Invalid configuration: PERSONAL_DATA_KEY must be base64 of exactly 32 random bytes/,
    );
  });

  it('refuses to sign manage links with the development secret, naming MANAGE_LINK_SECRET (issue 46)', () => {
    expect(() => readApiConfig(without('MANAGE_LINK_SECRET'))).toThrow(
      /^Invalid configuration: MANAGE_LINK_SECRET is required in production: without it anyone could sign a booking's manage link/,
    );
    expect(() => readApiConfig({ ...REAL, MANAGE_LINK_SECRET: 'too-short' })).toThrow(
      'Invalid configuration: MANAGE_LINK_SECRET must be at least 32 characters',
    );
    expect(readApiConfig(REAL).manageLinkSecret).toBe(REAL.MANAGE_LINK_SECRET);
  });

  it('refuses the partner fake naming PARTNER_API_URL', () => {
    expect(() => readApiConfig(without('PARTNER_API_URL'))).toThrow(
      /^Invalid configuration: PARTNER_API_URL is required in production: without it a fake partner/,
    );
  });

  it('refuses live mode without each Braintree credential, naming it', () => {
    for (const name of ['BRAINTREE_MERCHANT_ID', 'BRAINTREE_PUBLIC_KEY', 'BRAINTREE_PRIVATE_KEY'] as const) {
      expect(() => readApiConfig(without(name))).toThrow(
        new RegExp(`^Invalid configuration: ${name} is required in production: .*PAYMENT_TEST_MODE=true`),
      );
    }
  });

  it('lets the test gateway serve in production only when test mode is chosen', () => {
    const env = without('BRAINTREE_MERCHANT_ID');
    const config = readApiConfig({ ...env, PAYMENT_TEST_MODE: 'true' });
    expect(config.paymentTestModeDefault).toBe(true);
    expect(() => readApiConfig({ ...env, PAYMENT_TEST_MODE: 'false' })).toThrow(/BRAINTREE_MERCHANT_ID/);
  });

  it('keeps the fakes for the demo (DEMO=true, as docker compose and the benchmarks run it) and outside production', () => {
    const demo = readApiConfig({ NODE_ENV: 'production', JWT_SECRET: REAL.JWT_SECRET, DEMO: 'true' });
    expect(demo.insurer.apiUrl).toBeUndefined();
    expect(demo.paymentTestModeDefault).toBe(true);
    for (const NODE_ENV of ['development', 'test']) {
      const c = readApiConfig({ NODE_ENV });
      expect(c.partner.apiUrl).toBeUndefined();
      expect(c.paymentTestModeDefault).toBe(true);
    }
  });

  it('the api process exits 1 with that one line and nothing else', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', SERVER], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        JWT_SECRET: REAL.JWT_SECRET,
        PERSONAL_DATA_KEY: REAL.PERSONAL_DATA_KEY,
        PERSONAL_DATA_HASH_KEY: REAL.PERSONAL_DATA_HASH_KEY,
      },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toEqual([
      'Invalid configuration: INSURER_API_URL is required in production: without it a fake insurer would grant member prices to hard-coded demo NRICs (DEMO=true runs the demo with the fakes)',
    ]);
  }, 40_000);
});
