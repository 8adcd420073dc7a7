/**
 * Test helpers for the Singpass flow: a tiny "browser" that follows the authorization URL through the
 * fake Singpass's login page (cookies kept, redirects followed by hand) to our redirect URI, and
 * hand-built token requests (client assertion and DPoP proof made with jose) to probe the fake's checks.
 */
import { createHash, randomUUID } from 'node:crypto';
import { importJWK, type JWK, SignJWT } from 'jose';
import {
  createSingpassGateway,
  type FakeSingpassServer,
  generateSingpassKeys,
  publicJwks,
  type SingpassGateway,
  startFakeSingpass,
} from '../src';

export const CLIENT_ID = 'hs-test-client';
export const REDIRECT_URI = 'http://127.0.0.1:3999/api/myinfo/callback';

export interface SingpassPair {
  fake: FakeSingpassServer;
  gateway: SingpassGateway;
  keys: { signingKeys: JWK[]; encryptionKeys: JWK[] };
}

/** A fake Singpass with our client registered (its public keys given inline), and the real adapter pointed at it. */
export async function startSingpassPair(): Promise<SingpassPair> {
  const { signingKey, encryptionKey } = await generateSingpassKeys();
  const keys = { signingKeys: [signingKey], encryptionKeys: [encryptionKey] };
  const fake = await startFakeSingpass({
    clientId: CLIENT_ID,
    redirectUris: [REDIRECT_URI],
    clientJwks: publicJwks(keys),
  });
  const gateway = createSingpassGateway({
    issuer: fake.url,
    clientId: CLIENT_ID,
    redirectUri: REDIRECT_URI,
    ...keys,
  });
  return { fake, gateway, keys };
}

/** Follows `url` through the login page, choosing a persona (by sub) or cancelling, up to `redirectUri`. */
export async function loginAtFakeSingpass(
  url: string,
  redirectUri: string,
  choice: { persona: string } | 'cancel',
) {
  const jar = new Map<string, string>();
  let next = new URL(url);
  let method: 'GET' | 'POST' = 'GET';
  let body: string | undefined;
  for (let hop = 0; hop < 10; hop++) {
    if (next.href.startsWith(redirectUri)) return next;
    const res = await fetch(next, {
      method,
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body,
    });
    keepCookies(jar, res.headers.getSetCookie());
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      next = new URL(location, next);
      method = 'GET';
      body = undefined;
      continue;
    }
    if (res.status !== 200) throw new Error(`fake Singpass answered ${res.status} at ${next.pathname}`);
    // The login page: submit its form like the browser would.
    const html = await res.text();
    const action =
      choice === 'cancel' ? /action="([^"]+\/cancel)"/.exec(html) : /action="([^"]+\/login)"/.exec(html);
    if (!action?.[1]) throw new Error('no login form on the page');
    next = new URL(action[1], next);
    method = 'POST';
    body = choice === 'cancel' ? '' : new URLSearchParams({ persona: choice.persona }).toString();
  }
  throw new Error('too many redirects');
}

function keepCookies(jar: Map<string, string>, setCookies: string[]) {
  for (const line of setCookies) {
    const [pair = '', ...attributes] = line.split(';');
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq).trim();
    const expired = attributes.some(
      (a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a) || /^\s*max-age=0\b/i.test(a),
    );
    if (expired) jar.delete(name);
    else jar.set(name, pair.slice(eq + 1).trim());
  }
}

export interface TokenRequestParts {
  tokenEndpoint: string;
  issuer: string;
  clientId: string;
  redirectUri: string;
  code: string;
  codeVerifier: string;
  /** Signs the client assertion. */
  clientKey: JWK;
  /** Signs the DPoP proof; omit to send none. */
  dpopKey?: JWK;
}

/** A token request as Singpass's docs describe it, built by hand. Answers the status and JSON body. */
export async function handBuiltTokenRequest(parts: TokenRequestParts) {
  const now = Math.floor(Date.now() / 1000);
  const assertion = await new SignJWT({ jti: randomUUID() })
    .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: parts.clientKey.kid as string })
    .setIssuer(parts.clientId)
    .setSubject(parts.clientId)
    .setAudience(parts.issuer)
    .setIssuedAt(now)
    .setNotBefore(now)
    .setExpirationTime(now + 60)
    .sign(await importJWK(parts.clientKey, 'ES256'));
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (parts.dpopKey) headers.dpop = await dpopProof(parts.dpopKey, 'POST', parts.tokenEndpoint);
  const res = await fetch(parts.tokenEndpoint, {
    method: 'POST',
    headers,
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: parts.code,
      redirect_uri: parts.redirectUri,
      code_verifier: parts.codeVerifier,
      client_id: parts.clientId,
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: assertion,
    }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function dpopProof(privateJwk: JWK, htm: string, htu: string) {
  const { d: _d, ...publicJwk } = privateJwk;
  return new SignJWT({ jti: randomUUID(), htm, htu })
    .setProtectedHeader({ alg: 'ES256', typ: 'dpop+jwt', jwk: publicJwk })
    .setIssuedAt()
    .sign(await importJWK(privateJwk, 'ES256'));
}

/** A DPoP-bound GET (userinfo) by hand: answers the status, content type and raw body. */
export async function handBuiltUserinfoRequest(url: string, accessToken: string, dpopKey: JWK) {
  const ath = createHash('sha256').update(accessToken).digest('base64url');
  const { d: _d, ...publicJwk } = dpopKey;
  const proof = await new SignJWT({ jti: randomUUID(), htm: 'GET', htu: url, ath })
    .setProtectedHeader({ alg: 'ES256', typ: 'dpop+jwt', jwk: publicJwk })
    .setIssuedAt()
    .sign(await importJWK(dpopKey, 'ES256'));
  const res = await fetch(url, { headers: { authorization: `DPoP ${accessToken}`, dpop: proof } });
  return { status: res.status, contentType: res.headers.get('content-type') ?? '', body: await res.text() };
}
