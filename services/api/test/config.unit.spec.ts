import { describe, expect, it } from 'vitest';
import { readApiConfig } from '../src/config';

describe('api config', () => {
  it('rejects a bad value with a message naming the variable', () => {
    expect(() => readApiConfig({ PORT: 'eighty' })).toThrow(
      'Invalid configuration: PORT must be a whole number, got "eighty"',
    );
    expect(() => readApiConfig({ DATABASE_URL: 'mysql://x/y' })).toThrow(
      /DATABASE_URL must start with postgres:\/\//,
    );
    expect(() => readApiConfig({ RATE_LIMITS: 'maybe' })).toThrow(/RATE_LIMITS must be one of on, off/);
    expect(() => readApiConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET must be at least 32 characters/);
  });

  it('requires JWT_SECRET in production', () => {
    expect(() => readApiConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET is required in production/);
  });

  it('defaults to port 3000 with rate limits on, and switches them off with RATE_LIMITS=off', () => {
    const c = readApiConfig({});
    expect(c.port).toBe(3000);
    expect(c.rateLimits.enabled).toBe(true);
    expect(c.rateLimits.login).toEqual({ max: 5, timeWindow: '15 minutes' });
    expect(readApiConfig({ RATE_LIMITS: 'off' }).rateLimits.enabled).toBe(false);
  });

  it('reads the member check limits (issue 46): 20 per visitor, 5 per number, 10 minutes by default', () => {
    expect(readApiConfig({}).rateLimits.memberCheck).toEqual({
      perVisitor: 20,
      perIdentification: 5,
      windowMinutes: 10,
      keyPrefix: 'hs:member-check',
    });
    expect(
      readApiConfig({
        MEMBER_CHECK_LIMIT_PER_VISITOR: '50',
        MEMBER_CHECK_LIMIT_PER_ID: '3',
        MEMBER_CHECK_WINDOW_MINUTES: '30',
        BULLMQ_PREFIX: 'clinic2',
      }).rateLimits.memberCheck,
    ).toEqual({ perVisitor: 50, perIdentification: 3, windowMinutes: 30, keyPrefix: 'clinic2:member-check' });
    expect(() => readApiConfig({ MEMBER_CHECK_LIMIT_PER_ID: '0' })).toThrow(/MEMBER_CHECK_LIMIT_PER_ID/);
  });
});
