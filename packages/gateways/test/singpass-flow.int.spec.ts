import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { compactDecrypt, createRemoteJWKSet, decodeProtectedHeader, importJWK, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSingpassGateway,
  FAKE_SINGPASS_PERSONAS,
  generateSingpassKeys,
  type MyinfoPerson,
  publicJwks,
  startFakeSingpass,
} from '../src';
import {
  CLIENT_ID,
  handBuiltTokenRequest,
  handBuiltUserinfoRequest,
  loginAtFakeSingpass,
  REDIRECT_URI,
  type SingpassPair,
  startSingpassPair,
} from './singpass-browser';

const [TAN, CHEN, AHMAD] = FAKE_SINGPASS_PERSONAS.map((p) => p.sub) as [string, string, string];

describe('Retrieve Myinfo with Singpass: the real adapter against the fake Singpass', () => {
  let pair: SingpassPair;
  beforeAll(async () => {
    pair = await startSingpassPair();
  });
  afterAll(() => pair.fake.close());

  /** Start, log in as the persona, and finish with the session as the caller would have stored it (JSON). */
  async function retrieve(persona: string): Promise<MyinfoPerson> {
    const { url, session } = await pair.gateway.startLogin();
    const callback = await loginAtFakeSingpass(url, REDIRECT_URI, { persona });
    return pair.gateway.finishLogin(callback, JSON.parse(JSON.stringify(session)));
  }

  it('gives the demo insurer member exactly as Myinfo holds him', async () => {
    expect(await retrieve(TAN)).toEqual({
      identificationNumber: 'S8012345J',
      name: 'TAN WEI MING',
      sex: 'M',
      dateOfBirth: '1980-05-14',
      nationality: 'SINGAPORE CITIZEN',
      residentialStatus: 'CITIZEN',
      mobileNumber: '91234567',
      email: 'tan.weiming@example.sg',
      postalCode: '560123',
      unitNumber: '#05-123',
      address: '123 ANG MO KIO AVENUE 3',
    });
  });

  it('gives a permanent resident with a building name, and a foreigner without an address', async () => {
    expect(await retrieve(CHEN)).toMatchObject({
      identificationNumber: 'S8523416A',
      sex: 'F',
      nationality: 'CHINESE',
      residentialStatus: 'PR',
      postalCode: '018981',
      unitNumber: '#21-04',
      address: '8 MARINA BOULEVARD, MARINA BAY RESIDENCES',
    });
    expect(await retrieve(AHMAD)).toMatchObject({
      identificationNumber: 'G5123456T',
      name: 'AHMAD FAIZAL BIN HASSAN',
      nationality: 'MALAYSIAN',
      residentialStatus: 'ALIEN',
      postalCode: null,
      unitNumber: null,
      address: null,
    });
  });

  it('sends the browser with a pushed request only: no scope, redirect or PKCE in the URL', async () => {
    const { url, session } = await pair.gateway.startLogin();
    const params = new URL(url).searchParams;
    expect([...params.keys()].sort()).toEqual(['client_id', 'request_uri']);
    expect(params.get('request_uri')).toMatch(/^urn:ietf:params:oauth:request_uri:/);
    expect(session.dpopKey.d).toBeTruthy();
    const other = await pair.gateway.startLogin();
    expect(other.session.dpopKey.x).not.toBe(session.dpopKey.x); // a fresh DPoP key per login
    expect(other.session.state).not.toBe(session.state);
  });

  it('answers userinfo as a JWE to our encryption key holding a JWS signed by Singpass', async () => {
    const { url, session } = await pair.gateway.startLogin();
    const callback = await loginAtFakeSingpass(url, REDIRECT_URI, { persona: TAN });
    const token = await handBuiltTokenRequest({
      tokenEndpoint: `${pair.fake.url}/token`,
      issuer: pair.fake.url,
      clientId: CLIENT_ID,
      redirectUri: REDIRECT_URI,
      code: callback.searchParams.get('code') as string,
      codeVerifier: session.codeVerifier,
      clientKey: pair.keys.signingKeys[0]!,
      dpopKey: session.dpopKey,
    });
    expect(token.status).toBe(200);
    expect(token.body.token_type).toBe('DPoP');
    expect(String(token.body.id_token).split('.')).toHaveLength(5); // the ID token is encrypted too

    const userinfo = await handBuiltUserinfoRequest(
      `${pair.fake.url}/userinfo`,
      String(token.body.access_token),
      session.dpopKey,
    );
    expect(userinfo.status).toBe(200);
    expect(userinfo.contentType).toContain('application/jwt');
    const encKey = pair.keys.encryptionKeys[0]!;
    expect(decodeProtectedHeader(userinfo.body)).toMatchObject({ alg: 'ECDH-ES+A256KW', kid: encKey.kid });
    const { plaintext } = await compactDecrypt(userinfo.body, await importJWK(encKey, 'ECDH-ES+A256KW'));
    const jws = new TextDecoder().decode(plaintext);
    const { payload, protectedHeader } = await jwtVerify(
      jws,
      createRemoteJWKSet(new URL(`${pair.fake.url}/jwks`)),
      {
        issuer: pair.fake.url,
        audience: CLIENT_ID,
      },
    );
    expect(protectedHeader.alg).toBe('ES256');
    expect(payload.sub).toBe(TAN);
    expect((payload.person_info as Record<string, { value?: string }>).uinfin?.value).toBe('S8012345J');
  });

  it('publishes the public parts of every key, and no private part', () => {
    const { keys } = pair.gateway.jwks();
    expect(keys.map((k) => [k.kid, k.use, k.alg])).toEqual([
      [pair.keys.signingKeys[0]!.kid, 'sig', 'ES256'],
      [pair.keys.encryptionKeys[0]!.kid, 'enc', 'ECDH-ES+A256KW'],
    ]);
    expect(JSON.stringify(keys)).not.toContain('"d"');
  });
});

describe('the fake Singpass reading our keys from a jwks_uri (our /.well-known/jwks.json)', () => {
  let jwksServer: Server;
  let close: () => Promise<void>;
  afterAll(async () => {
    await close?.();
    await new Promise<void>((resolve) => jwksServer?.close(() => resolve()));
  });

  it('runs the whole flow, the api publishing its keys on loopback', async () => {
    const { signingKey, encryptionKey } = await generateSingpassKeys();
    const keys = { signingKeys: [signingKey], encryptionKeys: [encryptionKey] };
    jwksServer = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(publicJwks(keys)));
    });
    await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
    const jwksUri = `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}/.well-known/jwks.json`;
    const fake = await startFakeSingpass({ clientId: CLIENT_ID, redirectUris: [REDIRECT_URI], jwksUri });
    close = fake.close;

    const real = createSingpassGateway({
      issuer: fake.url,
      clientId: CLIENT_ID,
      redirectUri: REDIRECT_URI,
      ...keys,
    });
    expect(real.name).toBe('fake-singpass');
    const { url, session } = await real.startLogin();
    const callback = await loginAtFakeSingpass(url, REDIRECT_URI, { persona: TAN });
    expect((await real.finishLogin(callback, session)).identificationNumber).toBe('S8012345J');
  });
});
