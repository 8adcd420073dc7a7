/** Issue 49: Singpass Myinfo's settings, and the production guard against the local fake Singpass. */
import { generateSingpassKeys } from '@hs/gateways';
import { beforeAll, describe, expect, it } from 'vitest';
import { readApiConfig } from '../src/config';

const PRODUCTION = {
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
  PUBLIC_BASE_URL: 'https://book.example.sg',
};

describe('Singpass settings (issue 49)', () => {
  let keys: Record<string, string>;
  beforeAll(async () => {
    const { signingKey, encryptionKey } = await generateSingpassKeys();
    keys = {
      SINGPASS_SIGNING_KEYS: JSON.stringify([signingKey]),
      SINGPASS_ENCRYPTION_KEYS: JSON.stringify([encryptionKey]),
    };
  });

  it('offers no Myinfo without an issuer, and needs the client id and keys with one', () => {
    expect(readApiConfig(PRODUCTION).singpass).toBeNull();
    const issuer = { SINGPASS_ISSUER: 'https://stg-id.singpass.gov.sg/fapi' };
    expect(() => readApiConfig({ ...PRODUCTION, ...issuer, ...keys })).toThrow(
      'Invalid configuration: SINGPASS_CLIENT_ID is required with SINGPASS_ISSUER',
    );
    expect(() => readApiConfig({ ...PRODUCTION, ...issuer, SINGPASS_CLIENT_ID: 'c' })).toThrow(
      /SINGPASS_SIGNING_KEYS is not usable/,
    );
    const config = readApiConfig({ ...PRODUCTION, ...issuer, SINGPASS_CLIENT_ID: 'c', ...keys });
    expect(config.singpass).toMatchObject({
      issuer: 'https://stg-id.singpass.gov.sg/fapi',
      clientId: 'c',
      redirectUri: 'https://book.example.sg/api/myinfo/callback',
    });
    expect(() =>
      readApiConfig({
        ...PRODUCTION,
        ...issuer,
        SINGPASS_CLIENT_ID: 'c',
        SINGPASS_REDIRECT_URI: 'https://book.example.sg/myinfo/back',
        ...keys,
      }),
    ).toThrow('Invalid configuration: SINGPASS_REDIRECT_URI must end in /api/myinfo/callback');
  });

  it('refuses the local fake Singpass in production, and keeps it in the demo', () => {
    const fake = { SINGPASS_ISSUER: 'http://127.0.0.1:12122', SINGPASS_CLIENT_ID: 'c', ...keys };
    expect(() => readApiConfig({ ...PRODUCTION, ...fake })).toThrow(
      'Invalid configuration: SINGPASS_ISSUER must not point at a fake Singpass on this machine in production',
    );
    expect(readApiConfig({ ...PRODUCTION, ...fake, DEMO: 'true' }).singpass?.issuer).toBe(
      'http://127.0.0.1:12122',
    );
    expect(readApiConfig({ ...fake, NODE_ENV: 'development' }).singpass).not.toBeNull();
  });
});
