import { describe, expect, it } from 'vitest';
import { ConfigError, bool, int, oneOf, readCommonConfig, redactUrl, url } from '../src';

describe('environment readers', () => {
  it('names the variable and the problem when a value is wrong', () => {
    expect(() => int({ PORT: 'abc' }, 'PORT', 3000)).toThrow(
      new ConfigError('PORT', 'must be a whole number, got "abc"'),
    );
    expect(() => int({ PORT: '70000' }, 'PORT', 3000, { max: 65535 })).toThrow(/PORT must be at most 65535/);
    expect(() => bool({ DEMO: 'maybe' }, 'DEMO', false)).toThrow(/DEMO must be true or false/);
    expect(() => oneOf({ LOG_LEVEL: 'loud' }, 'LOG_LEVEL', ['info', 'warn'], 'info')).toThrow(
      /LOG_LEVEL must be one of info, warn, got "loud"/,
    );
    expect(() => url({ REDIS_URL: 'http://x' }, 'REDIS_URL', ['redis'])).toThrow(
      /REDIS_URL must start with redis:\/\//,
    );
    expect(() => url({ DATABASE_URL: 'not a url' }, 'DATABASE_URL', ['postgres'])).toThrow(
      /DATABASE_URL must be a URL/,
    );
  });

  it('uses defaults for unset or blank values', () => {
    expect(int({}, 'PORT', 3000)).toBe(3000);
    expect(int({ PORT: '  ' }, 'PORT', 3000)).toBe(3000);
    expect(bool({ X: 'off' }, 'X', true)).toBe(false);
  });

  it('never puts a password into the message', () => {
    expect(redactUrl('postgres://u:secret@h/db')).toBe('postgres://u:***@h/db'); // secret-scan: allow (fixture)
    try {
      url({ DATABASE_URL: 'postgres://u:secret@h/db' }, 'DATABASE_URL', ['redis']); // secret-scan: allow (fixture)
    } catch (e) {
      expect((e as Error).message).not.toContain('secret');
    }
  });

  it('reads the common settings with local defaults', () => {
    const c = readCommonConfig({ NODE_ENV: 'test' });
    expect(c.databaseUrl).toBe('postgres://postgres@127.0.0.1:5432/postgres');
    expect(c.redisUrl).toBe('redis://127.0.0.1:6379');
    expect(c.logLevel).toBe('silent');
    expect(c.demo).toBe(true);
    expect(readCommonConfig({ NODE_ENV: 'production' }).demo).toBe(false);
  });

  it('reads the payment hold and the refund cut-off, with defaults of 30 minutes and 24 hours', () => {
    expect(readCommonConfig({}).paymentHoldSeconds).toBe(1800);
    expect(readCommonConfig({}).refundCutoffHours).toBe(24);
    const c = readCommonConfig({ PAYMENT_HOLD_SECONDS: '90', REFUND_CUTOFF_HOURS: '48' });
    expect([c.paymentHoldSeconds, c.refundCutoffHours]).toEqual([90, 48]);
    expect(() => readCommonConfig({ PAYMENT_HOLD_SECONDS: '0' })).toThrow(
      'Invalid configuration: PAYMENT_HOLD_SECONDS must be at least 1, got 0',
    );
    expect(() => readCommonConfig({ REFUND_CUTOFF_HOURS: 'soon' })).toThrow(/REFUND_CUTOFF_HOURS/);
  });

  it('reads the reschedule cut-off, 24 hours by default', () => {
    expect(readCommonConfig({}).rescheduleCutoffHours).toBe(24);
    expect(readCommonConfig({ RESCHEDULE_CUTOFF_HOURS: '6' }).rescheduleCutoffHours).toBe(6);
    expect(() => readCommonConfig({ RESCHEDULE_CUTOFF_HOURS: '-1' })).toThrow(/RESCHEDULE_CUTOFF_HOURS/);
  });
});
