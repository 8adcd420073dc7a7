import { type Runner, startProjectionRunner } from '@hs/eventstore';
import { createFakeMemberVerifier, createFakePartnerClient, createTestPaymentGateway } from '@hs/gateways';
import { projections } from '@hs/read-models';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApiConfig } from '../src/config';
import { type TestApi, startTestApi, person } from './helpers';

/**
 * The public calls of spec section 7, each from its spec line: path, method, parameter and body
 * names, the response's field names (section 3's entities) and status codes. Extra fields are fine;
 * a field the spec names must be there under that name.
 */
describe('public API against the spec (sections 3, 7, 8)', () => {
  let api: TestApi;
  let runner: Runner;
  let eventId: number;
  let autoId: number;
  let packageId: number;
  let timeslotId: number;
  const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const admin = (method: 'GET' | 'POST', url: string, payload?: object) =>
    api.asAdmin({ method, url, payload });
  const get = (url: string) => api.app.inject(url);
  const post = (url: string, payload?: object) => api.app.inject({ method: 'POST', url, payload });
  /** The main flow's body as the wizard sends it (section 3, Registration request), unused fields empty. */
  const mainFlow = (i: number, extra: object = {}) => ({
    eventId,
    packageId,
    timeslotId,
    ...person(i),
    unitNumber: '',
    medicalConditions: '',
    isAiaMember: false,
    aiaMemberId: '',
    discountCodeId: null,
    total: 139.52,
    totalAmount: '139.52',
    whiteCoatBookingCode: null,
    isFromWhiteCoat: false,
    whiteCoatPaidAmount: null,
    isPaidInWhiteCoat: false,
    ...extra,
  });
  async function book(body: object) {
    const res = await post('/api/registrations', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: number; reference_number: string; position: string };
  }
  async function lookup(reference: string, position?: string) {
    const url = `/api/registrations/lookup/${reference}${position ? `?position=${position}` : ''}`;
    await expect.poll(async () => (await get(url)).statusCode, { timeout: 10_000 }).toBe(200);
    const res = await get(url);
    expect(res.json().success).toBe(true);
    return res.json().data as Record<string, unknown>;
  }

  beforeAll(async () => {
    api = await startTestApi(
      { rateLimits: { ...testApiConfig().rateLimits, enabled: false } },
      {
        world: {
          payments: { test: createTestPaymentGateway(), live: createTestPaymentGateway() },
          partner: createFakePartnerClient(),
          memberVerifier: createFakeMemberVerifier(),
        },
      },
      { checkAnswers: true },
    );
    runner = startProjectionRunner(api.db.sql, projections, { pollMs: 50 });
    packageId = (
      await admin('POST', '/api/admin/packages', { name: 'Basic Health', price: '128', aiaPrice: '100' })
    ).json().data.id;
    eventId = (
      await admin('POST', '/api/admin/events', {
        name: 'Community Screening',
        slug: 'community',
        location: 'Bishan',
        packageIds: [packageId],
      })
    ).json().data.id;
    autoId = (
      await admin('POST', '/api/admin/events', {
        name: 'Auto Screening',
        slug: 'auto-screening',
        packageIds: [packageId],
        config: { configType: 'auto', numSlots: 10, bufferHours: 24, slotsPerTimeslot: 1, maxAttendees: 20 },
      })
    ).json().data.id;
    timeslotId = (
      await admin('POST', `/api/admin/events/${eventId}/timeslots`, {
        date: future(9),
        time: '10:00',
        maxAttendees: 50,
      })
    ).json().data.id;
  }, 60_000);
  afterAll(async () => {
    await runner.stop();
    await api.close();
  });

  it('GET /api/events and /api/events/{slug}: the event and its lists', async () => {
    const list = await get('/api/events');
    expect(list.statusCode).toBe(200);
    const manual = list.json().data.find((e: { id: number }) => e.id === eventId);
    expect(manual).toMatchObject({
      id: eventId,
      name: 'Community Screening',
      slug: 'community',
      location: 'Bishan',
    });
    expect(manual.timeslots[0]).toEqual(
      expect.objectContaining({ isAvailable: true, currentAttendees: 0, maxAttendees: 50 }),
    );

    const one = await get('/api/events/community');
    expect(one.statusCode).toBe(200);
    const event = one.json().data;
    // Event (section 3): id, name, description, slug, location, createdAt, isActive, dates, packages, timeslots
    for (const field of ['id', 'name', 'description', 'slug', 'location', 'createdAt', 'isActive'])
      expect(event, field).toHaveProperty(field);
    expect(new Date(event.createdAt).toISOString()).toBe(event.createdAt);
    expect(event.dates).toHaveLength(1);
    // Package (section 3): id, name, description, price, aiaPrice, isActive
    expect(event.packages[0]).toEqual({
      id: packageId,
      name: 'Basic Health',
      description: null,
      price: '128.00',
      aiaPrice: '100.00',
      isActive: true,
    });
    // Timeslot (section 3)
    expect(event.timeslots[0]).toEqual(
      expect.objectContaining({
        id: timeslotId,
        time: '10:00',
        label: '10:00 AM',
        date: future(9),
        maxAttendees: 50,
        currentAttendees: 0,
        isAvailable: true,
      }),
    );
    expect((await get('/api/events/nope')).statusCode).toBe(404);
  });

  it('timeslot lookups: grouped by date, by region, and the auto list', async () => {
    const postal = await get(`/api/timeslots/postal-code?postalCode=530123&eventId=${eventId}`);
    expect(postal.statusCode).toBe(200);
    const body = postal.json();
    expect(body).toMatchObject({ success: true, region: 'north', postalCode: '530123' });
    const group = body.data[future(9)];
    expect(group.date.label).toEqual(expect.any(String));
    expect(group.timeslots[0]).toEqual(
      expect.objectContaining({
        id: timeslotId,
        label: '10:00 AM',
        isAvailable: true,
        currentAttendees: 0,
        maxAttendees: 50,
      }),
    );

    const auto = await get(`/api/auto-timeslots/postal-code?postalCode=530123&eventId=${autoId}`);
    expect(auto.statusCode).toBe(200);
    expect(Array.isArray(auto.json().data)).toBe(true);
    expect(auto.json().data[0]).toEqual(
      expect.objectContaining({ date: expect.any(String), label: expect.any(String) }),
    );

    // Some date within the next two weeks has auto slots in some region.
    let byRegion: Record<string, { date: { label: string }; timeslots: { label: string }[] }> = {};
    for (let day = 2; day < 16 && Object.keys(byRegion).length === 0; day++) {
      const res = await get(`/api/auto-timeslots/date?date=${future(day)}&eventId=${autoId}`);
      expect(res.statusCode).toBe(200);
      byRegion = res.json().data;
    }
    const [region] = Object.values(byRegion);
    expect(region!.date.label).toEqual(expect.any(String));
    expect(region!.timeslots[0]!.label).toEqual(expect.any(String));
  });

  it('POST /api/verify-aia-healthshield: status, isAiaMember, message, benefitProfileData', async () => {
    const member = await post('/api/verify-aia-healthshield', {
      identificationNumber: 'S7654321F',
      dateOfBirth: '1976-11-02',
    });
    expect(member.statusCode).toBe(200);
    expect(member.json()).toMatchObject({
      status: 'success',
      isAiaMember: true,
      message: 'AIA Health Shield benefits verified successfully',
      benefitProfileData: { succeeded: true, data: [{ isValid: true }] },
    });
    const other = await post('/api/verify-aia-healthshield', {
      identificationNumber: 'S9012345I',
      dateOfBirth: '02/11/1976',
    });
    expect(other.json()).toMatchObject({ status: 'success', isAiaMember: false });
    expect(other.json()).toHaveProperty('message');
    expect(other.json()).toHaveProperty('benefitProfileData');
  });

  it('POST /api/discounts/validate answers the Discount result, and the booking honours discountCodeId', async () => {
    const created = await admin('POST', '/api/admin/discounts', {
      name: 'Ten percent',
      discountType: 'promo',
      identifierPrefix: 'TEN',
      value: '10',
    });
    const [code] = (
      await admin('POST', `/api/admin/discounts/${created.json().data.id}/generate-identifiers`, { count: 1 })
    )
      .json()
      .data.map((c: { identifier: string }) => c.identifier);
    const res = await post('/api/discounts/validate', { code, subtotal: 128 });
    expect(res.statusCode).toBe(200);
    const result = res.json();
    // Discount result (section 3): code, discountAmount, type (percentage or fixed), description, discountIdentifierId
    expect(result).toMatchObject({
      code,
      discountAmount: '12.80',
      type: 'percentage',
      description: expect.any(String),
      discountIdentifierId: expect.any(Number),
    });
    const unknown = await post('/api/discounts/validate', { code: 'NOPE123', subtotal: 128 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false, message: expect.any(String) });
    // A subtotal that is not an amount is refused, not checked as 0.
    for (const subtotal of ['abc', -5, 1e30, 12.345, '12.345']) {
      const bad = await post('/api/discounts/validate', { code, subtotal });
      expect(bad.statusCode, String(subtotal)).toBe(400);
      expect(bad.json()).toMatchObject({ success: false, message: 'Subtotal must be a valid amount' });
    }
    expect((await post('/api/discounts/validate', { code, subtotal: '128.00' })).json().discountAmount).toBe(
      '12.80',
    );

    const booked = await book(
      mainFlow(1, { discountCodeId: result.discountIdentifierId, totalAmount: '125.57' }),
    );
    const order = await lookup(booked.reference_number, booked.position);
    // (128.00 - 12.80) x 1.09
    expect(order).toMatchObject({ totalAmount: '125.57', discountAmount: '12.80' });
    expect(order.discountCodeId).toBe(result.discountIdentifierId);
  });

  it('POST /api/registrations and the lookup: data.reference_number and the Registration fields', async () => {
    const booked = await book(mainFlow(2));
    expect(booked.reference_number).toMatch(/^HS\d{4}-\d{4}-\d{4}$/);
    const order = await lookup(booked.reference_number, booked.position);
    expect(order).toMatchObject({
      id: booked.id,
      eventId,
      timeslotId,
      packageId,
      referenceNumber: booked.reference_number,
      status: 'pending_payment',
      firstName: 'Mei',
      lastName: 'Ling2',
      email: 'mei2@example.com',
      isAiaMember: false,
      region: 'north',
      // API responses also carry (section 3)
      eventName: 'Community Screening',
      packageName: 'Basic Health',
      packagePrice: '128.00',
      timeslotDate: future(9),
      timeslotTime: '10:00',
      location: 'Bishan',
      // lookup variants
      total: '139.52',
      totalAmount: '139.52',
      total_amount: '139.52',
      whiteCoatPaidAmount: '0.00',
      total_paid_in_app: '0.00',
      is_paid_in_app: false,
      is_from_whitecoat: false,
      wc_booking_code: null,
      transactionId: null,
      // the entity's own names
      discountAmount: '0.00',
      aiaDiscountAmount: '0.00',
      wcBookingCode: null,
      isPaidInApp: false,
      totalPaidInApp: '0.00',
      paidTransactionId: null,
      paymentMethod: null,
      cancelledAt: null,
    });
    for (const field of ['createdAt', 'updatedAt']) expect(order[field], field).toEqual(expect.any(String));
    // The reference number is the only secret: no identity data.
    expect(JSON.stringify(order)).not.toContain('S1111102A');
    expect(JSON.stringify(order)).not.toContain('1985-02-03');

    const missing = await get('/api/registrations/lookup/HS0000-0000-0000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      success: false,
      message: 'Registration not found. Please check your reference number and try again.',
    });
  });

  it('a refused booking answers { success: false, message, errors } with each field once', async () => {
    // the older flow's simple request reads the message field
    const res = await post('/api/registrations', { eventId, packageId, timeslotId, firstName: 'Old' });
    expect(res.statusCode).toBe(400);
    const body = res.json() as {
      success: boolean;
      message: string;
      errors: { field: string; message: string }[];
    };
    expect(body.success).toBe(false);
    expect(body.message).toBe(body.errors[0]!.message);
    const pairs = body.errors.map((e) => `${e.field}: ${e.message}`);
    expect(pairs).toEqual([...new Set(pairs)]);
    expect(pairs).toEqual(
      expect.arrayContaining([
        'lastName: Last name is required',
        'mobileNumber: Valid phone number is required',
        'identificationNumber: Identification number is required',
      ]),
    );
  });

  it('a verified member books at the member price: isAiaMember and aiaDiscountAmount in the lookup', async () => {
    const booked = await book(
      mainFlow(7, {
        identificationNumber: 'S8012345J',
        dateOfBirth: '1980-05-14',
        isAiaMember: true,
        aiaMemberId: 'S8012345J',
        totalAmount: '109.00',
        total: 109,
      }),
    );
    const order = await lookup(booked.reference_number, booked.position);
    expect(order).toMatchObject({ isAiaMember: true, aiaDiscountAmount: '28.00', totalAmount: '109.00' });
    expect(JSON.stringify(order)).not.toContain('S8012345J');
  });

  it('participants: responses carry data with the Participant fields, member price included', async () => {
    const booked = await book(mainFlow(3));
    const ref = booked.reference_number;
    const added = await post('/api/participants', {
      registrationId: booked.id,
      referenceNumber: ref,
      firstName: 'Lim',
      lastName: 'Mei Ling',
      gender: 'Female',
      identificationNumber: 'S7654321F',
      dateOfBirth: '1976-11-02',
      isAiaMember: true,
      aiaMemberId: 'S7654321F',
      packageId,
    });
    expect(added.statusCode, added.body).toBe(201);
    const participant = added.json().data.participant;
    expect(participant).toMatchObject({
      id: expect.any(String),
      registrationId: booked.id,
      firstName: 'Lim',
      lastName: 'Mei Ling',
      gender: 'Female',
      isAiaMember: true,
      packageId,
      packagePrice: '100.00',
      originalPrice: '128.00',
      discountAmount: '28.00',
      isPrimary: false,
    });
    expect(added.body).not.toContain('S7654321F');
    const primary = added.json().data.participants.find((p: { isPrimary: boolean }) => p.isPrimary);
    expect(primary).toMatchObject({ gender: 'Female', packagePrice: '128.00', discountAmount: '0.00' });
    // The lookup lists them with the ids these calls take (to manage them by reference), and the new total.
    const seen = await lookup(ref, added.json().data.position);
    expect(seen.participants).toContainEqual(
      expect.objectContaining({
        id: participant.id,
        name: 'Lim Mei Ling',
        packagePrice: '100.00',
        isPrimary: false,
      }),
    );
    expect(seen.totalAmount).toBe(added.json().data.totalAmount);
    expect(JSON.stringify(seen)).not.toContain('S7654321F');

    const updated = await api.app.inject({
      method: 'PUT',
      url: `/api/participants/${participant.id}`,
      payload: { referenceNumber: ref, firstName: 'Limmy' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data.participant).toMatchObject({ firstName: 'Limmy', registrationId: booked.id });
    const removed = await api.app.inject({
      method: 'DELETE',
      url: `/api/participants/${participant.id}?referenceNumber=${ref}`,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ success: true, data: { participants: [{ isPrimary: true }] } });
  });

  it('POST /api/registrations/{id}/cancel takes no payload, even with a JSON content type', async () => {
    const booked = await book(mainFlow(4));
    const noPayload = (url: string): InjectOptions => ({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
    });
    const cancelled = await api.app.inject(noPayload(`/api/registrations/${booked.id}/cancel`));
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({
      success: true,
      message: 'Your appointment has been successfully cancelled.',
      data: { status: 'cancelled' },
    });
    const again = await api.app.inject({ method: 'POST', url: `/api/registrations/${booked.id}/cancel` });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ success: false, message: 'This appointment has already been cancelled.' });
    await expect
      .poll(async () => (await lookup(booked.reference_number)).status, { timeout: 10_000 })
      .toBe('cancelled');
    expect((await lookup(booked.reference_number)).cancelledAt).toEqual(expect.any(String));
    // A body that is not JSON is still refused.
    const bad = await api.app.inject({
      method: 'POST',
      url: `/api/registrations/${booked.id}/cancel`,
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(bad.statusCode).toBe(400);

    for (const path of ['/api/registrations/999999/confirm-wc-booking', '/api/wc-confirm/999999']) {
      const res = await api.app.inject(noPayload(path));
      expect(res.statusCode, path).toBe(404);
    }
  });

  it('partner link: GET /api/wc/{code} answers the partner patient data; create-registration data.id', async () => {
    const res = await get('/api/wc/100000000002');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: expect.any(String) });
    // Server-side partner data shape (section 3)
    expect(body.data).toMatchObject({
      name: 'Siti Nurhaliza',
      email: 'siti.n@example.com',
      nric: 'T0234567B',
      dateOfBirth: '2002-07-30',
      contact: '82345678',
      address: { postalCode: '460210', unitNumber: '#03-45', street: '210 Bedok North Street 1' },
      packageInfo: { amount: '50.00', isPaid: true },
    });
    const created = await post('/api/wc/create-registration', { bookingCode: '100000000002' });
    expect(created.statusCode).toBe(200);
    expect(created.json().data.id).toEqual(expect.any(Number));

    const booked = await book(
      mainFlow(5, {
        whiteCoatBookingCode: '100000000002',
        isFromWhiteCoat: true,
        whiteCoatPaidAmount: '50.00',
        isPaidInWhiteCoat: true,
      }),
    );
    const order = await lookup(booked.reference_number, booked.position);
    expect(order).toMatchObject({
      total_amount: '139.52',
      whiteCoatPaidAmount: '50.00',
      total_paid_in_app: '50.00',
      is_paid_in_app: true,
      is_from_whitecoat: true,
      wc_booking_code: '100000000002',
      wcBookingCode: '100000000002',
      balanceDue: '89.52',
    });
  });

  it('payments: client-token (success, token, message) and process (success, transactionId, message)', async () => {
    const token = await get('/api/payments/client-token');
    expect(token.statusCode).toBe(200);
    expect(token.json()).toMatchObject({
      success: true,
      token: expect.stringMatching(/^test-/),
      message: expect.any(String),
    });

    const booked = await book(mainFlow(6));
    const paid = await post('/api/payments/process', {
      registrationId: booked.id,
      nonce: 'fake-valid-nonce',
      deviceData: '{}',
      paymentType: 'card',
      paymentDetails: { cardType: 'Visa' },
      amount: 139.52,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({
      success: true,
      transactionId: expect.any(String),
      message: expect.any(String),
    });
    const order = await lookup(booked.reference_number);
    await expect
      .poll(async () => (await lookup(booked.reference_number)).status, { timeout: 10_000 })
      .toBe('paid');
    const after = await lookup(booked.reference_number);
    expect(after).toMatchObject({
      transactionId: paid.json().transactionId,
      paidTransactionId: paid.json().transactionId,
    });
    expect(after.paymentMethod).toEqual(expect.stringContaining('card'));
    expect(order.id).toBe(booked.id);
  });
});
