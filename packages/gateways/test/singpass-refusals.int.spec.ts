import { generateKeyPair, exportJWK, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSingpassGateway, FAKE_SINGPASS_PERSONAS, SingpassError, type SingpassErrorKind } from '../src';
import {
  CLIENT_ID,
  handBuiltTokenRequest,
  loginAtFakeSingpass,
  REDIRECT_URI,
  type SingpassPair,
  startSingpassPair,
} from './singpass-browser';

const TAN = FAKE_SINGPASS_PERSONAS[0]!.sub;

async function refusal(promise: Promise<unknown>): Promise<{ kind: SingpassErrorKind; message: string }> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(SingpassError);
    return { kind: (error as SingpassError).kind, message: (error as SingpassError).message };
  }
  throw new Error('expected a SingpassError');
}

let pair: SingpassPair;
beforeAll(async () => {
  pair = await startSingpassPair();
});
afterAll(() => pair.fake.close());

/** A login taken as far as the callback: its URL and the session it belongs to. */
async function loggedIn(choice: { persona: string } | 'cancel' = { persona: TAN }) {
  const { url, session } = await pair.gateway.startLogin();
  return { callback: await loginAtFakeSingpass(url, REDIRECT_URI, choice), session };
}

describe('the fake Singpass token endpoint refuses what Singpass refuses', () => {
  async function tokenRequest(
    overrides: { clientKey?: JWK; dpop?: 'none' | 'session' | JWK; codeVerifier?: string } = {},
  ) {
    const { callback, session } = await loggedIn();
    const dpop = overrides.dpop ?? 'session';
    const answer = await handBuiltTokenRequest({
      tokenEndpoint: `${pair.fake.url}/token`,
      issuer: pair.fake.url,
      clientId: CLIENT_ID,
      redirectUri: REDIRECT_URI,
      code: callback.searchParams.get('code') as string,
      codeVerifier: overrides.codeVerifier ?? session.codeVerifier,
      clientKey: overrides.clientKey ?? pair.keys.signingKeys[0]!,
      ...(dpop === 'none' ? {} : { dpopKey: dpop === 'session' ? session.dpopKey : dpop }),
    });
    return answer;
  }

  async function strangerKey(): Promise<JWK> {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    return { ...(await exportJWK(privateKey)), kid: pair.keys.signingKeys[0]!.kid };
  }

  it('accepts the hand-built request when everything is right (so each refusal below is about its one fault)', async () => {
    const answer = await tokenRequest();
    expect(answer.status).toBe(200);
    expect(answer.body.token_type).toBe('DPoP');
  });

  it('refuses a token request without a DPoP proof', async () => {
    const answer = await tokenRequest({ dpop: 'none' });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('invalid_grant');
    expect(answer.body.access_token).toBeUndefined();
  });

  it('refuses a DPoP proof made with another key than the one the login was bound to', async () => {
    const answer = await tokenRequest({ dpop: await strangerKey() });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('invalid_grant');
    expect(answer.body.access_token).toBeUndefined();
  });

  it('refuses a client assertion signed by another key (even under our kid)', async () => {
    const answer = await tokenRequest({ clientKey: await strangerKey() });
    expect(answer.status).toBe(401);
    expect(answer.body.error).toBe('invalid_client');
  });

  it('refuses a PKCE verifier that does not match the challenge', async () => {
    const answer = await tokenRequest({ codeVerifier: 'x'.repeat(43) });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('invalid_grant');
  });
});

describe('finishLogin refuses', () => {
  it('a callback whose state is not the session’s', async () => {
    const { callback, session } = await loggedIn();
    callback.searchParams.set('state', 'forged-state');
    expect((await refusal(pair.gateway.finishLogin(callback, session))).kind).toBe('refused');
  });

  it('a callback naming another issuer (mix-up)', async () => {
    const { callback, session } = await loggedIn();
    callback.searchParams.set('iss', 'https://evil.example');
    expect((await refusal(pair.gateway.finishLogin(callback, session))).kind).toBe('refused');
  });

  it('a replayed callback: the code works once', async () => {
    const { callback, session } = await loggedIn();
    expect((await pair.gateway.finishLogin(callback, session)).identificationNumber).toBe('S8012345J');
    expect((await refusal(pair.gateway.finishLogin(callback, session))).kind).toBe('refused');
  });

  it('another login’s session (its DPoP key and PKCE verifier do not fit the code)', async () => {
    const { callback, session } = await loggedIn();
    const other = await pair.gateway.startLogin();
    const forged = { ...other.session, state: session.state, nonce: session.nonce };
    expect((await refusal(pair.gateway.finishLogin(callback, forged))).kind).toBe('refused');
  });

  it('cancelling at Singpass (access_denied) as cancelled', async () => {
    const { callback, session } = await loggedIn('cancel');
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect((await refusal(pair.gateway.finishLogin(callback, session))).kind).toBe('cancelled');
  });

  it('a token endpoint answering 503 as unavailable, and works again after', async () => {
    const { callback, session } = await loggedIn();
    pair.fake.failNextToken();
    expect((await refusal(pair.gateway.finishLogin(callback, session))).kind).toBe('unavailable');
    const again = await loggedIn();
    expect((await pair.gateway.finishLogin(again.callback, again.session)).name).toBe('TAN WEI MING');
  });

  it('a userinfo endpoint answering 503 as unavailable', async () => {
    const { callback, session } = await loggedIn();
    pair.fake.failNextUserinfo();
    expect((await refusal(pair.gateway.finishLogin(callback, session))).kind).toBe('unavailable');
  });
});

describe('Singpass unreachable', () => {
  it('startLogin says unavailable when nothing listens at the issuer', async () => {
    const gateway = createSingpassGateway({
      issuer: 'http://127.0.0.1:9',
      clientId: CLIENT_ID,
      redirectUri: REDIRECT_URI,
      ...pair.keys,
      timeoutMs: 2000,
    });
    expect((await refusal(gateway.startLogin())).kind).toBe('unavailable');
  });

  it('finishLogin says unavailable when Singpass went away after the login', async () => {
    const own = await startSingpassPair();
    const { url, session } = await own.gateway.startLogin();
    const callback = await loginAtFakeSingpass(url, REDIRECT_URI, { persona: TAN });
    await own.fake.close();
    expect((await refusal(own.gateway.finishLogin(callback, session))).kind).toBe('unavailable');
  });
});

describe('createSingpassGateway', () => {
  it('refuses a plain-http issuer that is not this machine (only the local fake may be http)', () => {
    expect(() =>
      createSingpassGateway({
        issuer: 'http://id.singpass.gov.sg/fapi',
        clientId: CLIENT_ID,
        redirectUri: REDIRECT_URI,
        ...pair.keys,
      }),
    ).toThrow(/https/);
    const real = createSingpassGateway({
      issuer: 'https://stg-id.singpass.gov.sg/fapi',
      clientId: CLIENT_ID,
      redirectUri: REDIRECT_URI,
      ...pair.keys,
    });
    expect(real.name).toBe('singpass');
  });
});
