/**
 * The real Singpass adapter, on openid-client (a certified FAPI 2.0 relying party): discovery, PAR with
 * PKCE S256 and a DPoP key made for this login alone (bound by dpop_jkt and the PAR's DPoP proof),
 * private_key_jwt client assertions signed with our first signing key, the code exchanged with a DPoP
 * proof, the ID token and the userinfo decrypted with our encryption keys and their signatures checked
 * against Singpass's JWKS. Plain http is allowed only for a loopback issuer: the local fake.
 */
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import * as oidc from 'openid-client';
import { DEFAULT_ENCRYPTION_ALG, publicJwks, SIGNING_ALG } from './keys';
import { mapMyinfoPerson } from './myinfo-mapping';
import { toSingpassError } from './singpass-errors';
import {
  MYINFO_SCOPE,
  SingpassError,
  type MyinfoPerson,
  type SingpassConfig,
  type SingpassGateway,
  type SingpassLoginSession,
} from './types';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
/** Singpass asks relying parties to cache its discovery document for at least an hour. */
const DISCOVERY_TTL_MS = 60 * 60 * 1000;

export function createSingpassGateway(config: SingpassConfig): SingpassGateway {
  const issuer = checkIssuer(config.issuer);
  const insecure = issuer.protocol === 'http:';
  if (!config.clientId?.trim()) throw new Error('Singpass: the client id is required');
  if (!config.redirectUri?.trim()) throw new Error('Singpass: the redirect URI is required');
  if (!config.signingKeys?.length) throw new Error('Singpass: at least one signing key is required');
  if (!config.encryptionKeys?.length) throw new Error('Singpass: at least one encryption key is required');
  const timeoutMs = config.timeoutMs ?? 10_000;
  const scope = config.scope ?? MYINFO_SCOPE;
  const published = publicJwks(config);

  let discovered: { at: number; configuration: Promise<oidc.Configuration> } | undefined;
  function configuration(): Promise<oidc.Configuration> {
    if (!discovered || Date.now() - discovered.at > DISCOVERY_TTL_MS) {
      const attempt = { at: Date.now(), configuration: discover(config, issuer, insecure, timeoutMs) };
      // A failed discovery is not cached: the next login tries again.
      attempt.configuration.catch(() => {
        if (discovered === attempt) discovered = undefined;
      });
      discovered = attempt;
    }
    return discovered.configuration;
  }

  return {
    name: insecure ? 'fake-singpass' : 'singpass',

    async startLogin() {
      try {
        const cfg = await configuration();
        const dpop = await generateKeyPair('ES256', { extractable: true });
        const dpopKey = await exportJWK(dpop.privateKey);
        const codeVerifier = oidc.randomPKCECodeVerifier();
        const state = oidc.randomState();
        const nonce = oidc.randomNonce();
        const url = await oidc.buildAuthorizationUrlWithPAR(
          cfg,
          {
            response_type: 'code',
            redirect_uri: config.redirectUri,
            scope,
            state,
            nonce,
            code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
            code_challenge_method: 'S256',
            dpop_jkt: await calculateJwkThumbprint(await exportJWK(dpop.publicKey)),
          },
          { DPoP: oidc.getDPoPHandle(cfg, dpop) },
        );
        return { url: url.href, session: { state, nonce, codeVerifier, dpopKey } };
      } catch (error) {
        throw toSingpassError(error, 'pushed authorization request');
      }
    },

    async finishLogin(callbackUrl: URL, session: SingpassLoginSession): Promise<MyinfoPerson> {
      let step = 'discovery';
      try {
        const cfg = await configuration();
        checkCallback(callbackUrl, session, cfg.serverMetadata().issuer);
        // openid-client takes the redirect_uri for the token request from this URL: ours as registered,
        // whatever host or proxy the callback reached us through.
        const current = new URL(config.redirectUri);
        current.search = callbackUrl.search;
        const DPoP = oidc.getDPoPHandle(cfg, await dpopKeyPair(session.dpopKey));
        step = 'token request';
        const tokens = await oidc.authorizationCodeGrant(
          cfg,
          current,
          {
            expectedState: session.state,
            expectedNonce: session.nonce,
            pkceCodeVerifier: session.codeVerifier,
            idTokenExpected: true,
          },
          undefined,
          { DPoP },
        );
        const sub = tokens.claims()?.sub;
        if (!sub) throw new SingpassError('refused', 'Singpass gave no subject in the ID token');
        step = 'userinfo request';
        const claims = await oidc.fetchUserInfo(cfg, tokens.access_token, sub, { DPoP });
        return mapMyinfoPerson(claims as Record<string, unknown>);
      } catch (error) {
        throw toSingpassError(error, step);
      }
    },

    jwks() {
      return structuredClone(published);
    },
  };
}

function checkIssuer(value: string): URL {
  let issuer: URL;
  try {
    issuer = new URL(value);
  } catch {
    throw new Error('Singpass: the issuer is not a URL');
  }
  if (issuer.protocol === 'https:') return issuer;
  if (issuer.protocol === 'http:' && LOOPBACK_HOSTS.has(issuer.hostname)) return issuer;
  throw new Error(
    'Singpass: the issuer must be https (plain http only for the local fake on 127.0.0.1/localhost)',
  );
}

/**
 * Before anything is sent: the callback must answer this login (state, against CSRF and swapped
 * sessions) and come from our issuer (RFC 9207 iss, against mix-up). openid-client checks both again.
 */
function checkCallback(callbackUrl: URL, session: SingpassLoginSession, issuer: string) {
  if (!session?.state || callbackUrl.searchParams.get('state') !== session.state) {
    throw new SingpassError('refused', "The callback's state is not this login's");
  }
  const iss = callbackUrl.searchParams.get('iss');
  if (iss !== null && iss !== issuer)
    throw new SingpassError('refused', 'The callback came from another issuer');
}

async function discover(config: SingpassConfig, issuer: URL, insecure: boolean, timeoutMs: number) {
  const signing = config.signingKeys[0] as JWK;
  const signingKey = (await importJWK(signing, SIGNING_ALG)) as oidc.CryptoKey;
  const decryptionKeys = await Promise.all(
    config.encryptionKeys.map(async (jwk: JWK) => {
      const alg = jwk.alg ?? DEFAULT_ENCRYPTION_ALG;
      return {
        key: (await importJWK(jwk, alg)) as oidc.CryptoKey,
        alg,
        ...(jwk.kid ? { kid: jwk.kid } : {}),
      };
    }),
  );
  const cfg = await oidc.discovery(
    issuer,
    config.clientId,
    {
      id_token_signed_response_alg: SIGNING_ALG,
      userinfo_signed_response_alg: SIGNING_ALG,
      dpop_bound_access_tokens: true,
    },
    oidc.PrivateKeyJwt({ key: signingKey, ...(signing.kid ? { kid: signing.kid } : {}) }),
    { execute: insecure ? [oidc.allowInsecureRequests] : [], timeout: Math.ceil(timeoutMs / 1000) },
  );
  cfg.timeout = Math.ceil(timeoutMs / 1000);
  oidc.enableDecryptingResponses(cfg, undefined, ...decryptionKeys);
  // Verify Singpass's signature on the ID token and the (decrypted) userinfo, not only its TLS.
  oidc.enableNonRepudiationChecks(cfg);
  return cfg;
}

async function dpopKeyPair(jwk: JWK): Promise<oidc.CryptoKeyPair> {
  const { d: _private, ...publicPart } = jwk as JWK;
  try {
    return {
      privateKey: (await importJWK(jwk as JWK, 'ES256')) as oidc.CryptoKey,
      publicKey: (await importJWK(
        { ...publicPart, key_ops: undefined, ext: true },
        'ES256',
      )) as oidc.CryptoKey,
    };
  } catch {
    throw new SingpassError('refused', 'The login session has no usable DPoP key');
  }
}
