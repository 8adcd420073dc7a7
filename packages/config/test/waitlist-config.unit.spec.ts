import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readCommonConfig } from '../src';

describe('waiting-list settings', () => {
  it('holds an offer 120 minutes unless told otherwise', () => {
    expect(readCommonConfig({}).waitlistOfferMinutes).toBe(120);
    expect(readCommonConfig({ WAITLIST_OFFER_MINUTES: '5' }).waitlistOfferMinutes).toBe(5);
    expect(() => readCommonConfig({ WAITLIST_OFFER_MINUTES: '0' })).toThrow(/WAITLIST_OFFER_MINUTES/);
  });

  it('signs links with its own secret, else one derived from JWT_SECRET, never JWT_SECRET itself', () => {
    const own = 'w'.repeat(32);
    const jwt = 'j'.repeat(40);
    expect(readCommonConfig({ WAITLIST_TOKEN_SECRET: own, JWT_SECRET: jwt }).waitlistTokenSecret).toBe(own);
    const derived = readCommonConfig({ JWT_SECRET: jwt }).waitlistTokenSecret;
    expect(derived).toBe(createHmac('sha256', jwt).update('waitlist-token').digest('hex'));
    expect(derived).not.toBe(jwt);
    expect(() => readCommonConfig({ WAITLIST_TOKEN_SECRET: 'short' })).toThrow(/WAITLIST_TOKEN_SECRET/);
  });

  it('shares a development secret outside production, and none in production', () => {
    const dev = readCommonConfig({ NODE_ENV: 'development' }).waitlistTokenSecret;
    expect(dev.length).toBeGreaterThanOrEqual(32);
    expect(readCommonConfig({ NODE_ENV: 'test' }).waitlistTokenSecret).toBe(dev);
    expect(readCommonConfig({ NODE_ENV: 'production' }).waitlistTokenSecret).toBe('');
  });
});
