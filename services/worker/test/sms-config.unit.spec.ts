import { describe, expect, it } from 'vitest';
import { readWorkerConfig } from '../src';

describe('worker SMS config (issue 26)', () => {
  const real = {
    NODE_ENV: 'production',
    WAITLIST_TOKEN_SECRET: 'w'.repeat(32),
    PERSONAL_DATA_KEY: 'BwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwc=',
    PERSONAL_DATA_HASH_KEY: 'CQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQk=',
    PARTNER_API_URL: 'https://partner.example.sg',
  };
  const sms = {
    SMS_PROVIDER_URL: 'https://api.twilio.com',
    SMS_ACCOUNT_SID: 'AC123',
    SMS_AUTH_TOKEN: 'token',
    SMS_SENDER_ID: 'HealthScr',
  };

  it('production refuses the fake SMS gateway, naming SMS_PROVIDER_URL', () => {
    expect(() => readWorkerConfig(real)).toThrow(/SMS_PROVIDER_URL is required in production/);
  });
  it('a provider URL needs its account, token and sender id', () => {
    for (const v of ['SMS_ACCOUNT_SID', 'SMS_AUTH_TOKEN', 'SMS_SENDER_ID'] as const) {
      expect(() => readWorkerConfig({ NODE_ENV: 'test', ...sms, [v]: '' })).toThrow(
        `${v} is required with SMS_PROVIDER_URL`,
      );
    }
  });
  it('reads the provider and the sweep interval', () => {
    expect(readWorkerConfig({ NODE_ENV: 'test', ...sms, REMINDER_SWEEP_MS: '1000' })).toMatchObject({
      reminderSweepMs: 1000,
      sms: {
        providerUrl: 'https://api.twilio.com',
        accountSid: 'AC123',
        authToken: 'token',
        senderId: 'HealthScr',
      },
    });
    expect(readWorkerConfig({ NODE_ENV: 'test' }).sms.providerUrl).toBeUndefined();
    expect(readWorkerConfig({ ...real, DEMO: 'true' }).sms.providerUrl).toBeUndefined();
  });
});
