import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readWorkerConfig } from '../src';

describe('worker config', () => {
  it('runs every role by default', () => {
    expect(readWorkerConfig({}).roles).toEqual(['projector', 'reactor', 'jobs']);
  });
  it('names an unknown role', () => {
    expect(() => readWorkerConfig({ WORKER_ROLES: 'projector,mailer' })).toThrow(
      'Invalid configuration: WORKER_ROLES must list roles among projector, reactor, jobs, got "mailer"',
    );
  });
  it('names a bad concurrency', () => {
    expect(() => readWorkerConfig({ WORKER_CONCURRENCY: '0' })).toThrow(
      /WORKER_CONCURRENCY must be at least 1/,
    );
  });
  it('keeps BullMQ locks and stalled checks at 30 s unless told', () => {
    expect(readWorkerConfig({})).toMatchObject({ lockDurationMs: 30_000, stalledIntervalMs: 30_000 });
    expect(
      readWorkerConfig({ WORKER_LOCK_DURATION_MS: '2000', WORKER_STALLED_INTERVAL_MS: '1000' }),
    ).toMatchObject({ lockDurationMs: 2_000, stalledIntervalMs: 1_000 });
    expect(() => readWorkerConfig({ WORKER_LOCK_DURATION_MS: '10' })).toThrow(
      /WORKER_LOCK_DURATION_MS must be at least 1000/,
    );
  });
});

/** A real SMS provider (issue 26): production refuses to send reminders to the fake. */
const SMS = {
  SMS_PROVIDER_URL: 'https://api.twilio.com',
  SMS_ACCOUNT_SID: 'AC123',
  SMS_AUTH_TOKEN: 'token',
  SMS_SENDER_ID: 'HealthScr',
};

describe('worker production guard (issue 24)', () => {
  const prod = {
    NODE_ENV: 'production',
    WAITLIST_TOKEN_SECRET: 'w'.repeat(32),
    PERSONAL_DATA_KEY: Buffer.alloc(32, 1).toString('base64'),
    PERSONAL_DATA_HASH_KEY: Buffer.alloc(32, 2).toString('base64'),
    MANAGE_LINK_SECRET: 'm'.repeat(32),
  };
  it('refuses to run without PERSONAL_DATA_KEY, naming it (issue 24)', () => {
    const { PERSONAL_DATA_KEY: _, ...withoutKey } = prod;
    expect(() => readWorkerConfig(withoutKey)).toThrow(
      /^Invalid configuration: PERSONAL_DATA_KEY is required in production/,
    );
  });
  it('refuses the partner fake in production with one line naming PARTNER_API_URL', () => {
    expect(() => readWorkerConfig(prod)).toThrow(
      /^Invalid configuration: PARTNER_API_URL is required in production: without it a fake partner/,
    );
    expect(
      readWorkerConfig({ ...prod, ...SMS, PARTNER_API_URL: 'https://partner.example.sg' }).partner.apiUrl,
    ).toBe('https://partner.example.sg');
  });
  it('refuses to sign manage links with the development secret, naming MANAGE_LINK_SECRET (issue 46)', () => {
    const { MANAGE_LINK_SECRET: _, ...withoutSecret } = prod;
    expect(() =>
      readWorkerConfig({ ...withoutSecret, ...SMS, PARTNER_API_URL: 'https://partner.example.sg' }),
    ).toThrow(/^Invalid configuration: MANAGE_LINK_SECRET is required in production/);
  });
  it('keeps the fake for the demo and outside production', () => {
    expect(readWorkerConfig({ ...prod, DEMO: 'true' }).partner.apiUrl).toBeUndefined();
    expect(readWorkerConfig({ NODE_ENV: 'test' }).partner.apiUrl).toBeUndefined();
  });
  it('the worker process exits 1 with that one line and nothing else', () => {
    const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));
    const run = spawnSync(process.execPath, ['--import', 'tsx', main], {
      env: { PATH: process.env.PATH, ...prod },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^Invalid configuration: PARTNER_API_URL is required in production: /),
    ]);
  }, 40_000);
});
