import { manageLinkToken } from '@hs/commands';
import { MANAGE_ACCESS_MESSAGES } from '@hs/domain';
import { type Runner, countEvents, startProjectionRunner } from '@hs/eventstore';
import { projections } from '@hs/read-models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApiConfig } from '../src/config';
import { type TestApi, person, startTestApi } from './helpers';

/**
 * Issue 46: the reference alone (read aloud at clinic desks) no longer reschedules a booking. The
 * signed link of its emails does, or the reference plus the booking's email or date of birth; and
 * lookups are rate-limited per visitor and per reference.
 */
const NOT_FOUND = {
  success: false,
  message: 'Registration not found. Please check your reference number and try again.',
};
const DAY_MS = 86_400_000;
const future = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

describe('manage links and the second check', () => {
  let api: TestApi;
  let runner: Runner;
  let eventId: number;
  let packageId: number;
  const slots: number[] = [];
  let people = 0;
  const secret = testApiConfig().manageLinkSecret;

  const book = async () => {
    people += 1;
    const who = person(people);
    const res = await api.app.inject({
      method: 'POST',
      url: '/api/registrations',
      payload: { eventId, packageId, timeslotId: slots[0], ...who },
    });
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    return { id: data.id as number, ref: data.reference_number as string, email: who.email };
  };
  const reschedule = (ref: string, body: object, timeslotId = slots[1]) =>
    api.app.inject({
      method: 'POST',
      url: `/api/registrations/${ref}/reschedule`,
      payload: { timeslotId, ...body },
    });
  const manage = (ref: string, body: object) =>
    api.app.inject({ method: 'POST', url: `/api/registrations/${ref}/manage`, payload: body });
  const moves = (id: number) =>
    countEvents(api.db.sql, { type: 'RegistrationRescheduled', streamId: `registration-${id}` });
  const link = (ref: string, expiresAt = new Date(Date.now() + 30 * DAY_MS)) =>
    manageLinkToken(secret, ref, expiresAt);

  beforeAll(async () => {
    api = await startTestApi({ rateLimits: { ...testApiConfig().rateLimits, enabled: false } });
    runner = startProjectionRunner(api.db.sql, projections, { pollMs: 50 });
    const admin = (url: string, payload: object) => api.asAdmin({ method: 'POST', url, payload });
    packageId = (await admin('/api/admin/packages', { name: 'Basic Health', price: '100' })).json().data.id;
    eventId = (
      await admin('/api/admin/events', { name: 'Community', slug: 'community', packageIds: [packageId] })
    ).json().data.id;
    for (const [days, time] of [
      [5, '09:00'],
      [6, '10:30'],
      [7, '11:00'],
    ] as const) {
      const res = await admin(`/api/admin/events/${eventId}/timeslots`, {
        date: future(days),
        time,
        maxAttendees: 100,
      });
      expect(res.statusCode, res.body).toBe(201);
      slots.push(res.json().data.id);
    }
  }, 60_000);
  afterAll(async () => {
    await runner.stop();
    await api.close();
  });

  it('refuses a reschedule by reference only (403), and moves nothing', async () => {
    const { id, ref } = await book();
    const res = await reschedule(ref, {});
    expect([res.statusCode, res.json()]).toEqual([
      403,
      { success: false, message: MANAGE_ACCESS_MESSAGES.proofNeeded },
    ]);
    expect(res.json().message).toBe(
      "Open the link in your confirmation email, or enter the booking's date of birth.",
    );
    // empty answers are no answers, and the email alone is none: the spec's lookup by reference shows it
    expect((await reschedule(ref, { email: ' ', dateOfBirth: '' })).statusCode).toBe(403);
    const lookedUp = () => api.app.inject({ method: 'GET', url: `/api/registrations/lookup/${ref}` });
    await expect.poll(async () => (await lookedUp()).statusCode, { timeout: 10_000 }).toBe(200);
    const email = (await lookedUp()).json().data.email;
    expect(email).toContain('@');
    const byLookedUpEmail = await reschedule(ref, { email });
    expect([byLookedUpEmail.statusCode, byLookedUpEmail.json().message]).toEqual([
      403,
      MANAGE_ACCESS_MESSAGES.proofNeeded,
    ]);
    expect(await moves(id)).toBe(0);
  });

  it("accepts the booking's date of birth, with its email in any letter case when given too", async () => {
    const a = await book();
    const byEmail = await reschedule(a.ref.toLowerCase(), {
      email: `  ${a.email.toUpperCase()} `,
      dateOfBirth: '1985-02-03',
    });
    expect(byEmail.statusCode, byEmail.body).toBe(200);
    expect(byEmail.json().data).toMatchObject({ referenceNumber: a.ref, timeslotId: slots[1] });
    expect(await moves(a.id)).toBe(1);

    const b = await book();
    const byBirth = await reschedule(b.ref, { dateOfBirth: '1985-02-03' });
    expect(byBirth.statusCode, byBirth.body).toBe(200);
    expect(await moves(b.id)).toBe(1);
  });

  it('answers a wrong email or date of birth exactly as an unknown reference', async () => {
    const { id, ref } = await book();
    const unknown = await reschedule('HS0000-0000-0000', { dateOfBirth: '1985-02-03' });
    expect([unknown.statusCode, unknown.json()]).toEqual([404, NOT_FOUND]);
    for (const wrong of [
      { email: 'someone@example.com', dateOfBirth: '1985-02-03' },
      { dateOfBirth: '1985-03-02' },
      { dateOfBirth: '03/02/1985' },
      // every check given must hold
      { email: person(people).email, dateOfBirth: '1990-01-01' },
    ]) {
      const res = await reschedule(ref, wrong);
      expect([JSON.stringify(wrong), res.statusCode, res.json()]).toEqual([
        JSON.stringify(wrong),
        404,
        NOT_FOUND,
      ]);
    }
    expect(await moves(id)).toBe(0);
  });

  it('accepts the signed link; refuses a tampered, foreign or expired one (403)', async () => {
    const { id, ref } = await book();
    const other = await book();
    const token = link(ref);
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    const refused: [string, string, string][] = [
      ['tampered signature', `${token.slice(0, -1)}${last}`, MANAGE_ACCESS_MESSAGES.linkInvalid],
      [
        'later expiry, same signature',
        token.replace(/^\d+/, (s) => String(Number(s) + 86_400)),
        MANAGE_ACCESS_MESSAGES.linkInvalid,
      ],
      ["another booking's link", link(other.ref), MANAGE_ACCESS_MESSAGES.linkInvalid],
      [
        'signed with another secret',
        manageLinkToken('x'.repeat(40), ref, new Date(Date.now() + DAY_MS)),
        MANAGE_ACCESS_MESSAGES.linkInvalid,
      ],
      ['garbage', 'not-a-token', MANAGE_ACCESS_MESSAGES.linkInvalid],
      ['expired', link(ref, new Date(Date.now() - 1000)), MANAGE_ACCESS_MESSAGES.linkExpired],
    ];
    for (const [name, bad, message] of refused) {
      const res = await reschedule(ref, { token: bad });
      expect([name, res.statusCode, res.json()]).toEqual([name, 403, { success: false, message }]);
    }
    // a bad token is not rescued by a right date of birth: the link is what was offered
    expect((await reschedule(ref, { token: refused[0]![1], dateOfBirth: '1985-02-03' })).statusCode).toBe(
      403,
    );
    expect(await moves(id)).toBe(0);

    const res = await reschedule(ref, { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(await moves(id)).toBe(1);
  });

  it("the manage page's read: the booking with the link or a second check, else 403 or the unknown answer", async () => {
    const { id, ref, email } = await book();
    // the read model follows the log: the manage read answers once it has the order
    await expect
      .poll(async () => (await manage(ref, { token: link(ref) })).statusCode, { timeout: 10_000 })
      .toBe(200);
    const read = (await manage(ref, { token: link(ref) })).json().data;
    expect(read).toMatchObject({
      id,
      referenceNumber: ref,
      timeslotId: slots[0],
      status: expect.any(String),
    });
    // the same answer as the spec's lookup by reference
    const lookup = (await api.app.inject(`/api/registrations/lookup/${ref}`)).json().data;
    expect({ ...read, updatedAt: null }).toEqual({ ...lookup, updatedAt: null });

    expect((await manage(ref, { email: email.toUpperCase() })).statusCode).toBe(403);
    expect((await manage(ref, { dateOfBirth: '1985-02-03' })).statusCode).toBe(200);
    const none = await manage(ref, {});
    expect([none.statusCode, none.json().message]).toEqual([403, MANAGE_ACCESS_MESSAGES.proofNeeded]);
    const expired = await manage(ref, { token: link(ref, new Date(Date.now() - 1000)) });
    expect([expired.statusCode, expired.json().message]).toEqual([403, MANAGE_ACCESS_MESSAGES.linkExpired]);
    const wrong = await manage(ref, { dateOfBirth: '2000-01-01' });
    expect([wrong.statusCode, wrong.json()]).toEqual([404, NOT_FOUND]);
    const unknown = await manage('HS0000-0000-0000', { dateOfBirth: '2000-01-01' });
    expect([unknown.statusCode, unknown.json()]).toEqual([404, NOT_FOUND]);
  });

  it("the spec's lookup and cancel by reference stay as they are", async () => {
    const { id, ref } = await book();
    await expect
      .poll(async () => (await api.app.inject(`/api/registrations/lookup/${ref}`)).statusCode, {
        timeout: 10_000,
      })
      .toBe(200);
    const cancel = await api.app.inject({ method: 'POST', url: `/api/registrations/${id}/cancel` });
    expect([cancel.statusCode, cancel.json().message]).toEqual([
      200,
      'Your appointment has been successfully cancelled.',
    ]);
  });
});

describe('lookup rate limits', () => {
  let api: TestApi;
  const PER_VISITOR = 6;
  const PER_REFERENCE = 3;
  const TOO_MANY = { success: false, message: 'Too many lookups. Please wait a few minutes and try again.' };

  const lookup = (ref: string, ip: string) =>
    api.app.inject({ method: 'GET', url: `/api/registrations/lookup/${ref}`, remoteAddress: ip });

  beforeAll(async () => {
    const limits = testApiConfig().rateLimits;
    api = await startTestApi({
      rateLimits: {
        ...limits,
        bookingLookups: { ...limits.bookingLookups, perVisitor: PER_VISITOR, perReference: PER_REFERENCE },
      },
    });
  }, 60_000);
  afterAll(async () => {
    await api.close();
  });

  it('answers 429 once one reference was looked up too often, from any visitors', async () => {
    const ref = 'HS2601-0000-0001';
    for (let i = 0; i < PER_REFERENCE; i++) {
      expect((await lookup(ref, `10.0.1.${i}`)).statusCode).toBe(404);
    }
    const over = await lookup(ref.toLowerCase(), '10.0.1.99');
    expect([over.statusCode, over.json()]).toEqual([429, TOO_MANY]);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // the manage read and the reschedule count against the same reference
    const read = await api.app.inject({
      method: 'POST',
      url: `/api/registrations/${ref}/manage`,
      payload: { dateOfBirth: '1985-02-03' },
      remoteAddress: '10.0.1.98',
    });
    expect([read.statusCode, read.json()]).toEqual([429, TOO_MANY]);
    const move = await api.app.inject({
      method: 'POST',
      url: `/api/registrations/${ref}/reschedule`,
      payload: { timeslotId: 1, email: 'a@example.com' },
      remoteAddress: '10.0.1.97',
    });
    expect(move.statusCode).toBe(429);
    // another reference is still answered
    expect((await lookup('HS2601-0000-0002', '10.0.1.99')).statusCode).toBe(404);
  });

  it('answers 429 once one visitor looked up too many references', async () => {
    const ip = '10.0.2.1';
    for (let i = 0; i < PER_VISITOR; i++) {
      expect((await lookup(`HS2602-0000-000${i}`, ip)).statusCode).toBe(404);
    }
    const over = await lookup('HS2602-0000-0009', ip);
    expect([over.statusCode, over.json()]).toEqual([429, TOO_MANY]);
    // another visitor is still answered
    expect((await lookup('HS2602-0000-0009', '10.0.2.2')).statusCode).toBe(404);
  });
});

describe('wrong second checks', () => {
  let api: TestApi;
  const ALLOWED = 3;
  const secret = testApiConfig().manageLinkSecret;
  const manage = (ref: string, body: object, ip = '10.0.2.1') =>
    api.app.inject({
      method: 'POST',
      url: `/api/registrations/${ref}/manage`,
      payload: body,
      remoteAddress: ip,
    });

  beforeAll(async () => {
    const limits = testApiConfig().rateLimits;
    api = await startTestApi({
      rateLimits: { ...limits, bookingLookups: { ...limits.bookingLookups, wrongChecksPerHour: ALLOWED } },
    });
  }, 60_000);
  afterAll(async () => {
    await api.close();
  });

  it('refuses the second check of a reference after too many wrong answers (429), from any address; the link still opens it', async () => {
    const { ref } = await bookOne(api);
    const other = await bookOne(api, 2);
    for (let i = 0; i < ALLOWED; i++) {
      const wrong = await manage(ref, { dateOfBirth: `1990-01-${10 + i}` }, `10.0.2.${10 + i}`);
      expect(wrong.statusCode).toBe(404);
    }
    const right = await manage(ref, { dateOfBirth: '1985-02-03' }, '10.0.2.99');
    expect([right.statusCode, right.json()]).toEqual([
      429,
      { success: false, message: MANAGE_ACCESS_MESSAGES.tooManyWrongChecks },
    ]);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(3000);
    const move = await api.app.inject({
      method: 'POST',
      url: `/api/registrations/${ref}/reschedule`,
      payload: { timeslotId: 1, dateOfBirth: '1985-02-03' },
    });
    expect(move.statusCode).toBe(429);
    // another booking's second check is untouched, and the signed link still opens this one
    expect((await manage(other.ref, { dateOfBirth: '1985-02-03' })).statusCode).not.toBe(429);
    const byLink = await manage(ref, { token: manageLinkToken(secret, ref, new Date(Date.now() + DAY_MS)) });
    expect(byLink.statusCode).not.toBe(429);
    expect(byLink.statusCode).not.toBe(403);
  });

  it('parallel guesses cannot pass the count: of 30 at once, at most the allowed few are compared (run many times)', async () => {
    for (let round = 0; round < 5; round++) {
      const { ref } = await bookOne(api, 10 + round);
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          manage(ref, { dateOfBirth: `1970-01-${String((i % 28) + 1).padStart(2, '0')}` }, `10.0.3.${i}`),
        ),
      );
      const codes = answers.map((a) => a.statusCode);
      expect(codes.filter((c) => c === 404).length).toBeLessThanOrEqual(ALLOWED);
      expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(30 - ALLOWED);
      // and the right answer, now, is refused too
      expect((await manage(ref, { dateOfBirth: '1985-02-03' })).statusCode).toBe(429);
    }
  });

  it('a right answer gives its try back: the owner checking again and again is never locked out', async () => {
    const { ref } = await bookOne(api, 20);
    for (let i = 0; i < ALLOWED + 3; i++) {
      expect((await manage(ref, { dateOfBirth: '1985-02-03' })).statusCode).not.toBe(429);
    }
  });
});

/** One booking on a fresh catalogue (the read models are not needed: the second check reads the log). */
async function bookOne(api: TestApi, n = 1): Promise<{ ref: string }> {
  const admin = (url: string, payload: object) => api.asAdmin({ method: 'POST', url, payload });
  const packageId = (await admin('/api/admin/packages', { name: `Basic ${n}`, price: '100' })).json().data.id;
  const eventId = (
    await admin('/api/admin/events', {
      name: `Community ${n}`,
      slug: `community-${n}`,
      packageIds: [packageId],
    })
  ).json().data.id;
  const slot = await admin(`/api/admin/events/${eventId}/timeslots`, {
    date: future(5),
    time: '09:00',
    maxAttendees: 10,
  });
  const res = await api.app.inject({
    method: 'POST',
    url: '/api/registrations',
    payload: { eventId, packageId, timeslotId: slot.json().data.id, ...person(n) },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { ref: res.json().data.reference_number };
}
