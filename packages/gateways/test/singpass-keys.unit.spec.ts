import { describe, expect, it } from 'vitest';
import { generateSingpassKeys, publicJwks, singpassKeysFromEnv } from '../src';

describe('Singpass keys', () => {
  it('generates an ES256 signing key and an ECDH-ES+A256KW encryption key, private, with kids', async () => {
    const { signingKey, encryptionKey } = await generateSingpassKeys();
    expect(signingKey).toMatchObject({ kty: 'EC', crv: 'P-256', use: 'sig', alg: 'ES256' });
    expect(encryptionKey).toMatchObject({ kty: 'EC', crv: 'P-256', use: 'enc', alg: 'ECDH-ES+A256KW' });
    expect(signingKey.d && encryptionKey.d).toBeTruthy();
    expect(signingKey.kid).not.toBe(encryptionKey.kid);
  });

  it('reads an array (current first, next for rotation) or a single JWK from the environment', async () => {
    const a = await generateSingpassKeys();
    const b = await generateSingpassKeys();
    const keys = singpassKeysFromEnv({
      SINGPASS_SIGNING_KEYS: JSON.stringify([a.signingKey, b.signingKey]),
      SINGPASS_ENCRYPTION_KEYS: JSON.stringify(a.encryptionKey),
    });
    expect(keys.signingKeys.map((k) => k.kid)).toEqual([a.signingKey.kid, b.signingKey.kid]);
    expect(keys.encryptionKeys.map((k) => k.kid)).toEqual([a.encryptionKey.kid]);
    const published = publicJwks(keys).keys;
    expect(published.map((k) => k.use)).toEqual(['sig', 'sig', 'enc']);
    expect(published.every((k) => k.d === undefined)).toBe(true);
  });

  it('names the variable and the key at fault, never the key material', async () => {
    const { signingKey, encryptionKey } = await generateSingpassKeys();
    const enc = JSON.stringify([encryptionKey]);
    const { d: _d, ...publicOnly } = signingKey;
    const { kid: _kid, ...noKid } = signingKey;
    const cases: [Record<string, string | undefined>, RegExp][] = [
      [{ SINGPASS_ENCRYPTION_KEYS: enc }, /SINGPASS_SIGNING_KEYS is not set/],
      [
        { SINGPASS_SIGNING_KEYS: '{not json', SINGPASS_ENCRYPTION_KEYS: enc },
        /SINGPASS_SIGNING_KEYS is not valid JSON/,
      ],
      [
        { SINGPASS_SIGNING_KEYS: '[]', SINGPASS_ENCRYPTION_KEYS: enc },
        /SINGPASS_SIGNING_KEYS is an empty array/,
      ],
      [
        { SINGPASS_SIGNING_KEYS: JSON.stringify([publicOnly]), SINGPASS_ENCRYPTION_KEYS: enc },
        /SINGPASS_SIGNING_KEYS\[0\].*lacks "d"/,
      ],
      [
        { SINGPASS_SIGNING_KEYS: JSON.stringify([signingKey, noKid]), SINGPASS_ENCRYPTION_KEYS: enc },
        /SINGPASS_SIGNING_KEYS\[1\] has no kid/,
      ],
      [
        { SINGPASS_SIGNING_KEYS: enc, SINGPASS_ENCRYPTION_KEYS: enc },
        /SINGPASS_SIGNING_KEYS\[0\].*use "enc"/,
      ],
      [{ SINGPASS_SIGNING_KEYS: JSON.stringify([signingKey]) }, /SINGPASS_ENCRYPTION_KEYS is not set/],
      [
        {
          SINGPASS_SIGNING_KEYS: JSON.stringify([{ ...signingKey, kid: encryptionKey.kid }]),
          SINGPASS_ENCRYPTION_KEYS: enc,
        },
        /used twice/,
      ],
    ];
    for (const [env, message] of cases) {
      let thrown: Error | undefined;
      try {
        singpassKeysFromEnv(env);
      } catch (error) {
        thrown = error as Error;
      }
      expect(thrown?.message).toMatch(message);
      expect(thrown?.message).not.toContain(signingKey.d as string);
    }
  });
});
