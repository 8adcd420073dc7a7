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
});
