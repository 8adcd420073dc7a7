/**
 * Issue 49: "Retrieve Myinfo with Singpass" through the api against the local fake Singpass (PAR, DPoP,
 * private_key_jwt, encrypted userinfo): the redirect, the callback's handle, the prefill read once, a
 * booking that carries the identity Myinfo gave (and the refusals when it does not), the callback's
 * refusals (no login cookie, a replay, a wrong state, a cancel, Singpass down), and our public keys.
 */
import { createServer } from 'node:net';
import {
  FAKE_SINGPASS_PERSONAS,
  type FakeSingpassServer,
  generateSingpassKeys,
  publicJwks,
  startFakeSingpass,
} from '@hs/gateways';
import { registrationStream } from '@hs/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAtFakeSingpass } from '../../../packages/gateways/test/singpass-browser';
import { testApiConfig } from '../src/config';
import { type TestApi, startTestApi } from './helpers';

const TAN = FAKE_SINGPASS_PERSONAS[0]!;
const CLIENT_ID = 'hs-api-test';

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

describe('Retrieve Myinfo with Singpass (issue 49)', () => {
  let api: TestApi;
  let fake: FakeSingpassServer;
  let redirectUri: string;
  let booking: { eventId: number; packageId: number; timeslotId: number };

  /** Starts at the api, logs in at the fake Singpass as TAN (or cancels), and comes back to the callback. */
  async function retrieve(
    choice: { persona: string } | 'cancel' = { persona: TAN.sub },
    returnTo = '/events/x',
  ) {
    const start = await api.app.inject({
      method: 'GET',
      url: `/api/myinfo/authorize?returnTo=${encodeURIComponent(returnTo)}`,
    });
    expect(start.statusCode, start.body).toBe(302);
    // as a browser sends them back: the login's own cookie and where it started
    const cookies = ([] as string[]).concat(start.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!);
    expect(cookies).toEqual([
      expect.stringMatching(/^hs_myinfo_[A-Za-z0-9_-]{16}=/),
      expect.stringMatching(/^hs_myinfo_back=/),
    ]);
    const cookie = cookies.join('; ');
    const callback = await loginAtFakeSingpass(String(start.headers.location), redirectUri, choice);
    return { cookie, callback: `${callback.pathname}${callback.search}` };
  }
  const back = (url: string, cookie?: string) =>
    api.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const handleOf = (location: string) => /#myinfo=([A-Za-z0-9_-]+)$/.exec(location)?.[1] ?? '';
  const prefill = (handle: string) => api.app.inject({ method: 'GET', url: `/api/myinfo/prefill/${handle}` });
  const book = (handle: string | undefined, changes: object = {}) =>
    api.app.inject({
      method: 'POST',
      url: '/api/registrations',
      payload: {
        ...booking,
        firstName: 'Wei Ming',
        lastName: 'Tan',
        gender: 'male',
        email: 'tan.weiming@example.sg',
        mobileNumber: '91234567',
        identificationNumber: 'S8012345J',
        dateOfBirth: '1980-05-14',
        postalCode: '560123',
        address: '123 Ang Mo Kio Avenue 3',
        isAiaMember: true,
        ...(handle ? { myinfoHandle: handle } : {}),
        ...changes,
      },
    });

  beforeAll(async () => {
    const port = await freePort();
    redirectUri = `http://127.0.0.1:${port}/api/myinfo/callback`;
    const { signingKey, encryptionKey } = await generateSingpassKeys();
    const keys = { signingKeys: [signingKey], encryptionKeys: [encryptionKey] };
    fake = await startFakeSingpass({
      clientId: CLIENT_ID,
      redirectUris: [redirectUri],
      clientJwks: publicJwks(keys),
    });
    api = await startTestApi({
      rateLimits: { ...testApiConfig().rateLimits, enabled: false },
      singpass: { issuer: fake.url, clientId: CLIENT_ID, redirectUri, ...keys },
    });
    await api.app.listen({ port, host: '127.0.0.1' });
    const admin = (url: string, payload: object) => api.asAdmin({ method: 'POST', url, payload });
    const packageId = (
      await admin('/api/admin/packages', { name: 'Basic Health', price: '120', aiaPrice: '100' })
    ).json().data.id;
    const eventId = (
      await admin('/api/admin/events', { name: 'Myinfo Day', slug: 'myinfo-day', packageIds: [packageId] })
    ).json().data.id;
    const date = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const timeslotId = (
      await admin(`/api/admin/events/${eventId}/timeslots`, { date, time: '09:00', maxAttendees: 50 })
    ).json().data.id;
    booking = { eventId, packageId, timeslotId };
  }, 60_000);

  afterAll(async () => {
    await api?.close();
    await fake?.close();
  });

  it('says whether it is offered, and publishes our public keys only', async () => {
    expect((await api.app.inject({ method: 'GET', url: '/api/myinfo' })).json()).toEqual({
      success: true,
      data: { enabled: true },
    });
    const jwks = (await api.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json();
    expect(jwks.keys.map((k: { use: string }) => k.use).sort()).toEqual(['enc', 'sig']);
    for (const key of jwks.keys) {
      expect(key.kid).toBeTruthy();
      expect(key).not.toHaveProperty('d');
    }
  });

  it('comes back with a handle whose prefill is the person as Myinfo gave them, once', async () => {
    const { cookie, callback } = await retrieve();
    const res = await back(callback, cookie);
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toMatch(/^\/events\/x#myinfo=[A-Za-z0-9_-]{43}$/);
    const handle = handleOf(String(res.headers.location));
    const first = await prefill(handle);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({
      handle,
      identificationNumber: 'S8012345J',
      fullName: 'TAN WEI MING',
      firstName: 'Wei Ming',
      lastName: 'Tan',
      gender: 'male',
      dateOfBirth: '1980-05-14',
      nationality: 'SINGAPORE CITIZEN',
      residentialStatus: 'CITIZEN',
      mobileNumber: '91234567',
      email: 'tan.weiming@example.sg',
      postalCode: '560123',
      unitNumber: '#05-123',
      address: '123 ANG MO KIO AVENUE 3',
    });
    const again = await prefill(handle);
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({
      success: false,
      message: expect.stringContaining('expired or was already used'),
    });
    // Nothing retrieved is in clear in the database.
    const rows = await api.db.sql<{ row: string }[]>`
      select row_to_json(h)::text as row from myinfo_handles h
      union all select row_to_json(l)::text from myinfo_logins l`;
    expect(rows.length).toBeGreaterThan(0);
    for (const { row } of rows) expect(row).not.toMatch(/S8012345J|TAN WEI MING|1980-05-14|weiming/i);
  });

  it('books the identity Myinfo gave: recorded as such, the full name kept, the handle never stored', async () => {
    const { cookie, callback } = await retrieve();
    const handle = handleOf(String((await back(callback, cookie)).headers.location));
    expect((await prefill(handle)).statusCode).toBe(200);
    const res = await book(handle);
    expect(res.statusCode, res.body).toBe(201);
    const [booked] = await api.db.sql<{ data: { participants: Record<string, unknown>[] }; raw: string }[]>`
      select data, data::text as raw from events
      where stream_id = ${registrationStream(res.json().data.id).id} and type = 'RegistrationBooked'`;
    const primary = booked!.data.participants[0]!;
    expect(primary.identitySource).toBe('myinfo');
    // The member check ran on the verified identity: the demo insurer member gets the member price.
    expect(primary.memberVerified).toBe(true);
    expect(booked!.raw).not.toContain(handle);
    expect(booked!.raw).not.toContain('myinfoHandle');
    // The full name is personal data: in the log only encrypted.
    expect(booked!.raw).not.toContain('TAN WEI MING');
    expect(typeof primary.fullName).toBe('string');

    // each retrieval books once
    const twice = await book(handle);
    expect(twice.statusCode).toBe(409);

    const typed = await book(undefined, {
      identificationNumber: 'S1111101A',
      dateOfBirth: '1985-02-03',
      isAiaMember: false,
    });
    expect(typed.statusCode, typed.body).toBe(201);
    const [manual] = await api.db.sql<{ source: string }[]>`
      select data->'participants'->0->>'identitySource' as source from events
      where stream_id = ${registrationStream(typed.json().data.id).id} and type = 'RegistrationBooked'`;
    expect(manual!.source).toBe('manual');
  });

  it('refuses a booking that changes the identity Myinfo gave, or cites an expired retrieval', async () => {
    const { cookie, callback } = await retrieve();
    const handle = handleOf(String((await back(callback, cookie)).headers.location));
    const changed = await book(handle, { dateOfBirth: '1981-05-14' });
    expect(changed.statusCode).toBe(400);
    expect(changed.json()).toMatchObject({
      message: 'Your identification number and date of birth must be as Myinfo gave them',
      errors: [{ field: 'dateOfBirth' }],
    });
    expect((await book(handle, { identificationNumber: 'S1234567D' })).json().errors).toEqual([
      expect.objectContaining({ field: 'identificationNumber' }),
    ]);
    const sex = await book(handle, { gender: 'female' });
    expect(sex.statusCode).toBe(400);
    expect(sex.json().errors).toEqual([expect.objectContaining({ field: 'gender' })]);
    await api.db.sql`update myinfo_handles set book_by = now() - interval '1 second'`;
    const expired = await book(handle);
    expect(expired.statusCode).toBe(409);
    expect(expired.json().message).toMatch(/expired/);
    expect((await book('x'.repeat(10))).statusCode).toBe(400);
  });

  it('refuses a callback without its login, a replay, a wrong state; a cancel or Singpass down goes back to the form', async () => {
    // without the login's cookie (another browser): back to the site, nothing retrieved
    const first = await retrieve();
    const lost = await back(first.callback);
    expect(lost.statusCode).toBe(303);
    expect(lost.headers.location).toBe('/#myinfo-error=refused');
    const ok = await retrieve();
    const done = await back(ok.callback, ok.cookie);
    expect(done.statusCode).toBe(303);
    expect(handleOf(String(done.headers.location))).not.toBe('');
    // the same callback again (a replay): the login is used up; back to where it started, refused
    const replay = await back(ok.callback, ok.cookie);
    expect(replay.statusCode).toBe(303);
    expect(replay.headers.location).toBe('/events/x#myinfo-error=refused');

    const tampered = await retrieve();
    const wrongState = tampered.callback.replace(/state=[^&]+/, 'state=not-the-state');
    const refused = await back(wrongState, tampered.cookie);
    expect(refused.statusCode).toBe(303);
    expect(refused.headers.location).toBe('/events/x#myinfo-error=refused');

    const cancelled = await retrieve('cancel', '/register?step=2');
    expect((await back(cancelled.callback, cancelled.cookie)).headers.location).toBe(
      '/register?step=2#myinfo-error=cancelled',
    );

    const down = await retrieve();
    fake.failNextToken();
    expect((await back(down.callback, down.cookie)).headers.location).toBe(
      '/events/x#myinfo-error=unavailable',
    );
  });

  it('sends the person back only to a path on this site', async () => {
    for (const returnTo of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'events', '']) {
      const res = await api.app.inject({
        method: 'GET',
        url: `/api/myinfo/authorize?returnTo=${encodeURIComponent(returnTo)}`,
      });
      expect(res.statusCode, returnTo).toBe(400);
    }
    expect((await prefill('short')).statusCode).toBe(400);
    expect((await prefill('a'.repeat(43))).statusCode).toBe(410);
  });
});
