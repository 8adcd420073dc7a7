import { randomBytes } from 'node:crypto';
import { createFakeMemberVerifier } from '@hs/gateways';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testApiConfig } from '../src/config';
import { type TestApi, startTestApi } from './helpers';

/**
 * Issue 46: the insurer (AIA) check is opt-in. Nobody is asked about unless the request says
 * isAiaMember: true; the checks that are asked for are rate-limited per visitor and per number; a code
 * barred by the member price says so in words.
 */
const MEMBER = { identificationNumber: 'S8012345J', dateOfBirth: '1980-05-14' };
const PER_ID = 3;
const PER_VISITOR = 6;

describe('insurer check is opt-in and rate-limited (issue 46)', () => {
  let api: TestApi;
  const insurer = createFakeMemberVerifier([MEMBER]);
  let eventId: number;
  let packageId: number;
  let timeslotId: number;
  let code: string;
  let visitor = 0;

  const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const admin = (url: string, payload: object) => api.asAdmin({ method: 'POST', url, payload });
  // Each test its own visitor (IP), so one test's counts never reach another's.
  beforeEach(() => {
    visitor += 1;
  });
  const post = (url: string, payload: object, ip = `10.0.0.${visitor}`) =>
    api.app.inject({ method: 'POST', url, payload, remoteAddress: ip });
  const order = (over: object = {}) => ({
    eventId,
    packageId,
    timeslotId,
    firstName: 'Tan',
    lastName: 'Wei Ming',
    email: 'tan@example.com',
    mobileNumber: '91234567',
    gender: 'male',
    ...MEMBER,
    postalCode: '560123',
    address: '1 Street',
    ...over,
  });

  beforeAll(async () => {
    const base = testApiConfig().rateLimits;
    api = await startTestApi(
      {
        rateLimits: {
          ...base,
          memberCheck: {
            perIdentification: PER_ID,
            perVisitor: PER_VISITOR,
            windowMinutes: 10,
            // this file's own counters in the shared test Redis
            keyPrefix: `test:${randomBytes(6).toString('hex')}:member-check`,
          },
        },
      },
      { world: { memberVerifier: insurer } },
    );
    packageId = (
      await admin('/api/admin/packages', { name: 'Basic Health', price: '100', aiaPrice: '80' })
    ).json().data.id;
    eventId = (
      await admin('/api/admin/events', { name: 'Opt-in Screening', slug: 'opt-in', packageIds: [packageId] })
    ).json().data.id;
    timeslotId = (
      await admin(`/api/admin/events/${eventId}/timeslots`, {
        date: future(9),
        time: '09:00',
        maxAttendees: 50,
      })
    ).json().data.id;
    // A code for health screening only: not combinable with the member price (applicableForAIA false).
    const discount = (
      await admin('/api/admin/discounts', {
        name: 'Ten off',
        discountType: 'promo',
        identifierPrefix: 'TEN',
        value: '10',
        discountValueType: 'fixed',
        applicableForAIA: false,
      })
    ).json().data;
    code = (await admin(`/api/admin/discounts/${discount.id}/generate-identifiers`, { count: 1 })).json()
      .data[0].identifier;
  });
  afterAll(async () => {
    await api?.close();
  });

  it('prices a member at the standard price and never asks the insurer without the opt-in', async () => {
    const before = insurer.calls;
    for (const body of [order(), order({ isAiaMember: false })]) {
      const quote = await post('/api/registrations/quote', body);
      expect(quote.statusCode, quote.body).toBe(200);
      expect(quote.json().data).toMatchObject({ memberDiscount: '0.00', total: '109.00' });
      expect(quote.json().data.participants[0]).toMatchObject({ appliedPrice: '100.00', memberPrice: false });
    }
    const booked = await post('/api/registrations', order({ email: 'no-opt-in@example.com' }));
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json().data.totalAmount).toBe('109.00');
    // A participant without the opt-in is not asked about either.
    const withGuest = await post(
      '/api/registrations/quote',
      order({
        participants: [
          { firstName: 'Lim', lastName: 'Mei', gender: 'Female', ...MEMBER, packageId, isAiaMember: false },
        ],
      }),
    );
    expect(withGuest.statusCode, withGuest.body).toBe(200);
    expect(insurer.calls).toBe(before);
  });

  it('asks the insurer and applies the member price with the opt-in, for the booker and a participant', async () => {
    const before = insurer.calls;
    const quote = await post('/api/registrations/quote', order({ isAiaMember: true }));
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().data).toMatchObject({ memberDiscount: '20.00', total: '87.20' });
    expect(insurer.calls).toBe(before + 1);
    const booked = await post(
      '/api/registrations',
      order({
        isAiaMember: true,
        aiaMemberId: MEMBER.identificationNumber,
        participants: [
          { firstName: 'Lim', lastName: 'Mei', gender: 'Female', ...MEMBER, packageId, isAiaMember: true },
        ],
      }),
    );
    expect(booked.statusCode, booked.body).toBe(201);
    // 2 x 80.00 member price, 5% group discount, 9% GST: 152.00 x 1.09
    expect(booked.json().data.totalAmount).toBe('165.68');
    expect(insurer.calls).toBe(before + 3);
  });

  it('answers 429 after the per-number limit of distinct birth dates, without asking the insurer', async () => {
    const id = 'S7654321F';
    const dob = (i: number) => `1976-11-${String(i + 1).padStart(2, '0')}`;
    for (let i = 0; i < PER_ID; i++) {
      // a different visitor each time: only the number's own count can stop it
      const res = await post(
        '/api/verify-aia-healthshield',
        { identificationNumber: id, dateOfBirth: dob(i) },
        `10.1.0.${i}`,
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    // The same pair again teaches nothing new: it does not count.
    const again = await post('/api/verify-aia-healthshield', {
      identificationNumber: id,
      dateOfBirth: dob(0),
    });
    expect(again.statusCode, again.body).toBe(200);
    const calls = insurer.calls;
    const over = await post('/api/verify-aia-healthshield', {
      identificationNumber: id,
      dateOfBirth: dob(PER_ID),
    });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({
      success: false,
      message: 'Too many membership checks for this identification number. Please try again in 10 minutes.',
    });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(600);
    // The opted-in check inside a booking counts alike: refused, and the insurer not asked.
    const booking = await post(
      '/api/registrations',
      order({ identificationNumber: id, dateOfBirth: dob(PER_ID + 1), isAiaMember: true }),
    );
    expect(booking.statusCode, booking.body).toBe(429);
    expect(booking.json().message).toMatch(/Too many membership checks for this identification number/);
    expect(insurer.calls).toBe(calls);
    // Without the opt-in the same person books at the standard price: the limit never blocks booking.
    const standard = await post(
      '/api/registrations',
      order({ identificationNumber: id, dateOfBirth: dob(PER_ID + 1), email: 'std@example.com' }),
    );
    expect(standard.statusCode, standard.body).toBe(201);
  });

  it('answers 429 after the per-visitor limit of distinct numbers', async () => {
    const ids = ['S0000001I', 'S0000002G', 'S0000003E', 'S0000004C', 'S0000005Z', 'S0000006H', 'S0000007F'];
    for (let i = 0; i < PER_VISITOR; i++) {
      const res = await post('/api/verify-aia-healthshield', {
        identificationNumber: ids[i],
        dateOfBirth: '1990-01-01',
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const calls = insurer.calls;
    const over = await post('/api/verify-aia-healthshield', {
      identificationNumber: ids[PER_VISITOR],
      dateOfBirth: '1990-01-01',
    });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({
      success: false,
      message: 'Too many membership checks. Please try again in 10 minutes.',
    });
    // the quote's opted-in check from this visitor is refused alike
    const quote = await post(
      '/api/registrations/quote',
      order({ identificationNumber: ids[PER_VISITOR], isAiaMember: true }),
    );
    expect(quote.statusCode, quote.body).toBe(429);
    expect(insurer.calls).toBe(calls);
    // another visitor is not held back
    const other = await post(
      '/api/verify-aia-healthshield',
      { identificationNumber: ids[PER_VISITOR], dateOfBirth: '1990-01-01' },
      '10.2.0.1',
    );
    expect(other.statusCode, other.body).toBe(200);
    // a visitor's repeated check of a pair it already asked about still passes
    const repeat = await post('/api/verify-aia-healthshield', {
      identificationNumber: ids[0],
      dateOfBirth: '1990-01-01',
    });
    expect(repeat.statusCode, repeat.body).toBe(200);
  });

  it('says in words that a code cannot combine with the member price, and takes it at standard prices', async () => {
    const member = await post('/api/discounts/validate', { code, subtotal: '80.00', isAiaMember: true });
    expect(member.statusCode).toBe(409);
    expect(member.json()).toEqual({
      success: false,
      message: 'This code cannot be combined with the AIA member price.',
    });
    const standard = await post('/api/discounts/validate', { code, subtotal: '100.00', isAiaMember: false });
    expect(standard.statusCode, standard.body).toBe(200);
    expect(standard.json()).toMatchObject({ success: true, discountAmount: '10.00' });
    // The booking's answer says the same; the server prices whichever the request chose.
    const both = await post('/api/registrations/quote', order({ isAiaMember: true, discountCode: code }));
    expect(both.statusCode).toBe(409);
    expect(both.json().message).toBe('This code cannot be combined with the AIA member price.');
    const withCode = await post(
      '/api/registrations/quote',
      order({ isAiaMember: false, discountCode: code }),
    );
    expect(withCode.statusCode, withCode.body).toBe(200);
    // (100.00 - 10.00) x 1.09
    expect(withCode.json().data).toMatchObject({ discountAmount: '10.00', total: '98.10' });
  });
});
