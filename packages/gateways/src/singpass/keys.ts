/**
 * Our Singpass keys: parsed from the environment, generated for the demo and tests, and published
 * (public parts only) at /.well-known/jwks.json. Signing keys are ES256 (P-256); encryption keys are
 * P-256 for ECDH-ES key agreement, as Singpass's client JWK requirements ask. Rotation: put the next key
 * after the current one; both are published, the first signs, any decrypts (by kid).
 */
import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';

export const SIGNING_ALG = 'ES256';
export const DEFAULT_ENCRYPTION_ALG = 'ECDH-ES+A256KW';
const ENCRYPTION_ALGS = new Set(['ECDH-ES', 'ECDH-ES+A128KW', 'ECDH-ES+A192KW', 'ECDH-ES+A256KW']);

export interface SingpassKeys {
  signingKeys: JWK[];
  encryptionKeys: JWK[];
}

/**
 * SINGPASS_SIGNING_KEYS and SINGPASS_ENCRYPTION_KEYS: each a JSON array of private JWKs with kid (or
 * one JWK object). The first of each is current. Errors name the variable and the key's position,
 * never the key material.
 */
export function singpassKeysFromEnv(env: Record<string, string | undefined> = process.env): SingpassKeys {
  const signingKeys = parseKeyList(env, 'SINGPASS_SIGNING_KEYS', 'sig');
  const encryptionKeys = parseKeyList(env, 'SINGPASS_ENCRYPTION_KEYS', 'enc');
  const kids = new Set<string>();
  for (const key of [...signingKeys, ...encryptionKeys]) {
    const kid = (key as { kid: string }).kid;
    if (kids.has(kid)) {
      throw new Error(
        `SINGPASS_SIGNING_KEYS / SINGPASS_ENCRYPTION_KEYS: the kid "${kid}" is used twice; each key needs its own`,
      );
    }
    kids.add(kid);
  }
  return { signingKeys, encryptionKeys };
}

function parseKeyList(env: Record<string, string | undefined>, variable: string, use: 'sig' | 'enc') {
  const raw = env[variable]?.trim();
  if (!raw) throw new Error(`${variable} is not set: a JSON array of private JWKs with kid`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error(`${variable} is not valid JSON: expected a JSON array of private JWKs with kid`);
  }
  const list = Array.isArray(parsed) ? parsed : [parsed];
  if (list.length === 0) throw new Error(`${variable} is an empty array: at least one private JWK is needed`);
  return list.map((key, i) => checkKey(key, `${variable}[${i}]`, use));
}

function checkKey(key: unknown, where: string, use: 'sig' | 'enc'): JWK {
  if (!key || typeof key !== 'object' || Array.isArray(key)) throw new Error(`${where} is not a JWK object`);
  const jwk = key as Record<string, unknown>;
  if (typeof jwk.kid !== 'string' || !jwk.kid.trim()) throw new Error(`${where} has no kid`);
  if (jwk.kty !== 'EC' || jwk.crv !== 'P-256')
    throw new Error(`${where} (kid ${jwk.kid}) must be an EC P-256 key`);
  for (const part of ['x', 'y', 'd'] as const) {
    if (typeof jwk[part] !== 'string' || !jwk[part]) {
      throw new Error(
        `${where} (kid ${jwk.kid}) lacks "${part}"${part === 'd' ? ': the private key is needed' : ''}`,
      );
    }
  }
  if (jwk.use !== undefined && jwk.use !== use)
    throw new Error(`${where} (kid ${jwk.kid}) has use "${jwk.use}", expected "${use}"`);
  if (use === 'sig' && jwk.alg !== undefined && jwk.alg !== SIGNING_ALG) {
    throw new Error(`${where} (kid ${jwk.kid}) has alg "${jwk.alg}", expected "${SIGNING_ALG}"`);
  }
  if (use === 'enc' && jwk.alg !== undefined && !ENCRYPTION_ALGS.has(String(jwk.alg))) {
    throw new Error(
      `${where} (kid ${jwk.kid}) has alg "${jwk.alg}", expected one of ${[...ENCRYPTION_ALGS].join(', ')}`,
    );
  }
  return { ...(jwk as JWK), use };
}

/** One ES256 signing key and one ECDH-ES+A256KW encryption key, private JWKs with kid, use and alg. */
export async function generateSingpassKeys(): Promise<{ signingKey: JWK; encryptionKey: JWK }> {
  const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, '');
  const suffix = randomUUID().slice(0, 8);
  const sig = await generateKeyPair(SIGNING_ALG, { extractable: true });
  const enc = await generateKeyPair(DEFAULT_ENCRYPTION_ALG, { crv: 'P-256', extractable: true });
  return {
    signingKey: {
      ...(await exportJWK(sig.privateKey)),
      kid: `sig-${stamp}-${suffix}`,
      use: 'sig',
      alg: SIGNING_ALG,
    },
    encryptionKey: {
      ...(await exportJWK(enc.privateKey)),
      kid: `enc-${stamp}-${suffix}`,
      use: 'enc',
      alg: DEFAULT_ENCRYPTION_ALG,
    },
  };
}

/** The public half of an EC key with its kid, use and alg (never d). */
export function publicJwk(jwk: JWK, use: 'sig' | 'enc'): JWK {
  const { kty, crv, x, y, kid } = jwk as JWK & { kid?: string };
  const alg = use === 'sig' ? SIGNING_ALG : (jwk.alg ?? DEFAULT_ENCRYPTION_ALG);
  return { kty, crv, x, y, kid, use, alg } as JWK;
}

/** The JWKS to publish (and to register with Singpass): all signing keys, then all encryption keys. */
export function publicJwks(keys: SingpassKeys): { keys: JWK[] } {
  return {
    keys: [
      ...keys.signingKeys.map((k) => publicJwk(k, 'sig')),
      ...keys.encryptionKeys.map((k) => publicJwk(k, 'enc')),
    ],
  };
}
