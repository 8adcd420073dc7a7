import { singaporeToday } from '@hs/domain';
import { type Runner, append, startProjectionRunner } from '@hs/eventstore';
import { projections } from '@hs/read-models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, startTestApi } from './helpers';

/**
 * The admin calls of spec section 7 against the entity fields of section 3 and the rules of
 * section 4 the server enforces (status changes, inactive events and packages).
 */
describe('admin api against the spec', () => {
  let api: TestApi;
  let runner: Runner;
  let event: { id: number };
  let closed: { id: number };
  let active: { id: number };
  let hidden: { id: number };
  let slotId: number;
  let closedSlotId: number;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    api.asAdmin({ method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
  const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const person = {
    firstName: 'Alex',
    lastName: 'Tan',
    email: 'alex@example.com',
    mobileNumber: '91234567',
    gender: 'male',
    identificationNumber: 'S1234567D',
    dateOfBirth: '1990-01-01',
    postalCode: '530123',
    address: '1 Ang Mo Kio Ave',
    medicalConditions: 'Asthma',
  };
  const book = (body: object) =>
    api.app.inject({ method: 'POST', url: '/api/registrations', payload: { ...person, ...body } });

  beforeAll(async () => {
    const { testApiConfig } = await import('../src/config');
    api = await startTestApi({ rateLimits: { ...testApiConfig().rateLimits, enabled: false } });
    runner = startProjectionRunner(api.db.sql, projections, {
      pollMs: 50,
      onError: (err, name) => console.error('PROJECTION', name, err),
    });
    active = (
      await call('POST', '/api/admin/packages', { name: 'Basic Health', price: 100, aiaPrice: 80 })
    ).json().data;
    hidden = (
      await call('POST', '/api/admin/packages', { name: 'Retired', price: 50, isActive: false })
    ).json().data;
    event = (
      await call('POST', '/api/admin/events', {
        name: 'Open Screening',
        slug: 'open-screening',
        packageIds: [active.id, hidden.id],
      })
    ).json().data;
    closed = (
      await call('POST', '/api/admin/events', {
        name: 'Closed Screening',
        slug: 'closed-screening',
        isActive: false,
        packageIds: [active.id],
      })
    ).json().data;
    slotId = (
      await call('POST', `/api/admin/events/${event.id}/timeslots`, {
        date: future(6),
        time: '09:00',
        maxAttendees: 5,
      })
    ).json().data.id;
    closedSlotId = (
      await call('POST', `/api/admin/events/${closed.id}/timeslots`, { date: future(6), time: '09:00' })
    ).json().data.id;
  }, 60_000);
  afterAll(async () => {
    await runner.stop();
    await api.close();
  });

  it('answers an Event with its dates, packages and timeslots (section 3)', async () => {
    const one = (await call('GET', `/api/admin/events/${event.id}`)).json().data;
    expect(one).toMatchObject({
      id: event.id,
      name: 'Open Screening',
      slug: 'open-screening',
      description: null,
      location: null,
      isActive: true,
      createdAt: expect.any(String),
      dates: [{ id: expect.any(Number), eventId: event.id, date: future(6) }],
      timeslots: [
        {
          id: slotId,
          eventDateId: expect.any(Number),
          date: future(6),
          time: '09:00',
          label: '9:00 AM',
          maxAttendees: 5,
          currentAttendees: 0,
          isAvailable: true,
        },
      ],
    });
    expect(one.timeslots[0].eventDateId).toBe(one.dates[0].id);
    expect(one.packages).toEqual([
      expect.objectContaining({ id: active.id, name: 'Basic Health', price: '100.00', aiaPrice: '80.00' }),
      expect.objectContaining({ id: hidden.id, name: 'Retired', isActive: false }),
    ]);
    const list = (await call('GET', '/api/admin/events')).json().data;
    expect(list.find((e: { id: number }) => e.id === event.id)).toEqual(one);
    const closedOne = list.find((e: { id: number }) => e.id === closed.id);
    expect(closedOne.packages.map((p: { id: number }) => p.id)).toEqual([active.id]);
    expect(closedOne.timeslots.map((t: { id: number }) => t.id)).toEqual([closedSlotId]);

    const updated = await call('PUT', `/api/admin/events/${event.id}`, {
      name: 'Open Screening',
      slug: 'open-screening',
      location: 'Toa Payoh',
    });
    expect(updated.json().data).toMatchObject({
      location: 'Toa Payoh',
      dates: one.dates,
      packages: one.packages,
    });
    // The audit records what changed, not the slot lists.
    const [row] = await api.db.sql<{ after: Record<string, unknown> }[]>`
      select after from audit_log where entity = 'event' and action = 'update' order by id desc limit 1`;
    expect(row!.after).not.toHaveProperty('timeslots');
  });

  it('keeps inactive events and packages out of public view and booking (section 4)', async () => {
    const events = (await api.app.inject('/api/events')).json().data;
    expect(events.map((e: { slug: string }) => e.slug)).toEqual(['open-screening']);
    expect((await api.app.inject('/api/events/closed-screening')).statusCode).toBe(404);
    const open = (await api.app.inject('/api/events/open-screening')).json().data;
    expect(open.packages.map((p: { id: number }) => p.id)).toEqual([active.id]);

    const hiddenPkg = await book({ eventId: event.id, packageId: hidden.id, timeslotId: slotId });
    expect(hiddenPkg.statusCode).toBe(409);
    expect(hiddenPkg.json().success).toBe(false);
    const closedEvent = await book({ eventId: closed.id, packageId: active.id, timeslotId: closedSlotId });
    expect(closedEvent.statusCode).toBe(409);
    expect(closedEvent.json().success).toBe(false);
  });

  it('answers a Registration with the fields of section 3 and sets confirmed/canceled from any status', async () => {
    const res = await book({ eventId: event.id, packageId: active.id, timeslotId: slotId });
    expect(res.statusCode, res.body).toBe(201);
    const booked = res.json().data;
    await api.app.inject(`/api/registrations/lookup/${booked.reference_number}?position=${booked.position}`);

    const one = (await call('GET', `/api/admin/registrations/${booked.id}`)).json().data;
    expect(one).toMatchObject({
      id: booked.id,
      eventId: event.id,
      timeslotId: slotId,
      packageId: active.id,
      firstName: 'Alex',
      lastName: 'Tan',
      gender: 'male',
      // masked for staff (issue 24, PDPA); the clear number only through the audited reveal
      identificationNumber: 'S****567D',
      dateOfBirth: '1990-01-01',
      mobileNumber: '91234567',
      email: 'alex@example.com',
      postalCode: '530123',
      unitNumber: null,
      address: '1 Ang Mo Kio Ave',
      region: 'north',
      medicalConditions: 'Asthma',
      aiaMemberId: null,
      isAiaMember: false,
      discountCodeId: null,
      status: 'pending_payment',
      referenceNumber: booked.reference_number,
      paymentMethod: null,
      totalAmount: '109.00',
      discountAmount: '0.00',
      aiaDiscountAmount: '0.00',
      wcBookingCode: null,
      isPaidInApp: false,
      totalPaidInApp: '0.00',
      paidTransactionId: null,
      cancelledAt: null,
      invoice: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      eventName: 'Open Screening',
      packageName: 'Basic Health',
      packagePrice: '100.00',
      timeslotDate: future(6),
      timeslotTime: '09:00',
    });
    expect(one).toHaveProperty('location');
    // Participants in the Participant entity's names (section 3), with the personal details staff may see.
    expect(one.participants).toEqual([
      {
        id: expect.any(String),
        registrationId: booked.id,
        firstName: 'Alex',
        lastName: 'Tan',
        gender: 'Male',
        identificationNumber: 'S****567D',
        dateOfBirth: '1990-01-01',
        email: 'alex@example.com',
        mobileNumber: '91234567',
        aiaMemberId: null,
        isAiaMember: false,
        packageId: active.id,
        packageName: 'Basic Health',
        packagePrice: '100.00',
        originalPrice: '100.00',
        discountAmount: '0.00',
        isPrimary: true,
      },
    ]);
    const list = (await call('GET', `/api/admin/registrations?eventId=${event.id}`)).json().data;
    expect(list[0]).toEqual(one);

    // The invoice is the file name of the latest invoice PDF on the order's timeline (its log).
    const pdf = (document: string, fileName: string) => ({
      type: 'PdfGenerated',
      data: { document, fileName, at: new Date().toISOString() },
    });
    await append(
      api.db.sql,
      {
        streamId: `registration-${booked.id}`,
        expectedVersion: 'any',
        events: [
          pdf('invoice', 'invoice-old.pdf'),
          pdf('invoice', `invoice-${booked.reference_number}.pdf`),
          pdf('confirmation', 'confirmation-later.pdf'),
        ],
      },
      { actor: 'worker' },
    );
    expect((await call('GET', `/api/admin/registrations/${booked.id}`)).json().data.invoice).toBe(
      `invoice-${booked.reference_number}.pdf`,
    );

    const patch = (status: string) => call('PATCH', `/api/admin/registrations/${booked.id}`, { status });
    // pending_payment -> canceled -> confirmed -> canceled: each from another status.
    const canceled = await patch('canceled');
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json().data).toMatchObject({ status: 'canceled', packageId: active.id });
    expect(canceled.json().data.cancelledAt).not.toBeNull();
    const confirmed = await patch('confirmed');
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data).toMatchObject({ status: 'confirmed', medicalConditions: 'Asthma' });
    expect((await patch('canceled')).json().data.status).toBe('canceled');
    const same = await patch('canceled');
    expect(same.statusCode).toBe(409);
    expect(same.json()).toEqual({ success: false, message: 'Registration is already canceled' });
    // The export is named for the staff's day in Singapore.
    const csv = await call('GET', `/api/admin/registrations/export?eventId=${event.id}`);
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="orders-export-${singaporeToday()}.csv"`,
    );
    expect(csv.body).toContain(booked.reference_number);
    // The orders filter reads either spelling of canceled, like PATCH.
    for (const status of ['canceled', 'cancelled']) {
      const filtered = (await call('GET', `/api/admin/registrations?status=${status}`)).json();
      expect(filtered.data.map((o: { id: number }) => o.id)).toEqual([booked.id]);
    }
    // Empty filters (a form left on "all") are no filters.
    const unfiltered = await call('GET', '/api/admin/registrations?status=&eventId=');
    expect(unfiltered.statusCode).toBe(200);
    expect(unfiltered.json().total).toBe(1);
    expect((await call('GET', '/api/admin/registrations/export?status=&eventId=')).statusCode).toBe(200);
    const bogus = await call('GET', '/api/admin/registrations?status=bogus');
    expect(bogus.statusCode).toBe(400);
    expect(bogus.json().errors).toHaveLength(1);
    const other = await patch('paid');
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe('Status must be confirmed or canceled');
    expect((await call('PATCH', '/api/admin/registrations/999999', { status: 'confirmed' })).statusCode).toBe(
      404,
    );
  });

  it('filters orders by exactly the chosen status, in the list and the CSV export', async () => {
    const own = (
      await call('POST', '/api/admin/events', {
        name: 'Filter Screening',
        slug: 'filter-screening',
        packageIds: [active.id],
      })
    ).json().data;
    const ownSlot = (
      await call('POST', `/api/admin/events/${own.id}/timeslots`, {
        date: future(7),
        time: '10:00',
        maxAttendees: 10,
      })
    ).json().data.id;
    // One order per status; the read model's status is set directly, the filter only reads it.
    const statuses = ['confirmed', 'pending', 'pending_payment', 'paid', 'completed', 'cancelled', 'expired'];
    const nrics = ['S7000001A', 'S7654321F', 'S8012345J', 'S9012345I', 'S9876543C', 'T0112345Z', 'T0212345B'];
    const refs: Record<string, string> = {};
    for (const [i, status] of statuses.entries()) {
      const res = await book({
        eventId: own.id,
        packageId: active.id,
        timeslotId: ownSlot,
        identificationNumber: nrics[i],
        email: `filter${i}@example.com`,
      });
      expect(res.statusCode, res.body).toBe(201);
      const booked = res.json().data;
      await api.app.inject(
        `/api/registrations/lookup/${booked.reference_number}?position=${booked.position}`,
      );
      await api.db.sql`update orders set status = ${status} where registration_id = ${booked.id}`;
      refs[status] = booked.reference_number;
    }
    const expected: Record<string, string[]> = {
      confirmed: ['confirmed'],
      pending: ['pending'],
      pending_payment: ['pending_payment'],
      paid: ['paid', 'completed'],
      canceled: ['cancelled'],
      expired: ['expired'],
    };
    for (const [filter, want] of Object.entries(expected)) {
      const listed = (
        await call('GET', `/api/admin/registrations?status=${filter}&eventId=${own.id}`)
      ).json();
      expect(listed.data?.map((o: { referenceNumber: string }) => o.referenceNumber).sort(), filter).toEqual(
        want.map((s) => refs[s]).sort(),
      );
      const csv = (await call('GET', `/api/admin/registrations/export?status=${filter}&eventId=${own.id}`))
        .body;
      for (const status of statuses) {
        expect(csv.includes(refs[status]!), `${filter} export, ${status} order`).toBe(want.includes(status));
      }
    }
  });

  it('searches timeslots by postal code (with the postal code) or by date, and blocks one', async () => {
    const byPostal = await call(
      'GET',
      `/api/admin/timeslots/postal-code?eventId=${event.id}&postalCode=530123`,
    );
    expect(byPostal.json()).toMatchObject({
      success: true,
      region: 'north',
      regionName: 'North',
      postalCode: '530123',
      data: { [future(6)]: { date: { label: expect.any(String) }, timeslots: [{ id: slotId }] } },
    });
    const byDate = await call(
      'GET',
      `/api/admin/timeslots/postal-code?eventId=${event.id}&date=${future(6)}`,
    );
    expect(byDate.json()).toMatchObject({ success: true, postalCode: null, data: { [future(6)]: {} } });

    // Section 5, postal timeslot search: the spec's messages for what the form can send.
    for (const [query, message] of [
      ['eventId=&postalCode=530123', 'Please select an event'],
      ['eventId=abc&postalCode=530123', 'Please select an event'],
      [`eventId=${event.id}&postalCode=&date=`, 'Please enter a postal code or select a date'],
      [`eventId=${event.id}&postalCode=5301`, 'Postal code must be 6 digits'],
      [`eventId=${event.id}&date=2026-02-30`, 'Please select a date'],
    ]) {
      const bad = await call('GET', `/api/admin/timeslots/postal-code?${query}`);
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json(), query).toMatchObject({ success: false, message });
    }
    for (const body of [{}, { isAvailable: 'no' }]) {
      const bad = await call('PUT', `/api/admin/timeslots/${slotId}/availability`, body);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ success: false, message: 'isAvailable must be true or false' });
    }
    const blocked = await call('PUT', `/api/admin/timeslots/${slotId}/availability`, { isAvailable: false });
    expect(blocked.json()).toMatchObject({ success: true, data: { id: slotId, isAvailable: false } });
    const unknown = await call('PUT', '/api/admin/timeslots/999999/availability', { isAvailable: true });
    expect(unknown.statusCode).toBe(404);
  });

  it('generates codes as a list of {id, identifier} with the discount_identifiers fields', async () => {
    const discount = (
      await call('POST', '/api/admin/discounts', {
        name: 'Spring',
        discountType: 'promo',
        identifierPrefix: 'spring',
        identifierLength: 4,
        value: 10,
        limitRedemption: true,
        maxRedemptions: 3,
      })
    ).json().data;
    const res = await call('POST', `/api/admin/discounts/${discount.id}/generate-identifiers`, { count: 2 });
    expect(res.statusCode).toBe(201);
    const codes = res.json().data;
    expect(codes).toHaveLength(2);
    for (const code of codes) {
      expect(code).toEqual({
        id: expect.any(Number),
        identifier: expect.stringMatching(/^SPRING[A-Z0-9]{4}$/),
        discountId: discount.id,
        isUsed: false,
        usedAt: null,
        usedCount: 0,
        maxRedemptions: 3,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
    }
  });

  it('refuses amounts beyond decimal(10,2) with the field, not a bare database refusal', async () => {
    const price = await call('POST', '/api/admin/packages', { name: 'Gold', price: 123456789012 });
    expect(price.statusCode).toBe(400);
    expect(price.json().errors).toEqual([{ field: 'price', message: 'Price must be at most 99,999,999.99' }]);
    const value = await call('POST', '/api/admin/discounts', {
      name: 'Huge',
      value: '100000000',
      discountValueType: 'fixed',
    });
    expect(value.statusCode).toBe(400);
    expect(value.json().message).toBe('Discount value must be at most 99,999,999.99');
    const most = await call('POST', '/api/admin/packages', {
      name: 'Gold',
      price: '99999999.99',
      isActive: false,
    });
    expect(most.json().data.price).toBe('99999999.99');
  });

  it('an edit without isActive never re-activates a package, API key or discount (section 4)', async () => {
    const pkg = (
      await call('POST', '/api/admin/packages', { name: 'Old Package', price: 10, isActive: false })
    ).json().data;
    const renamed = await call('PUT', `/api/admin/packages/${pkg.id}`, { name: 'Old Package 2', price: 12 });
    expect(renamed.json().data).toMatchObject({ name: 'Old Package 2', price: '12.00', isActive: false });
    expect(
      (
        await call('PUT', `/api/admin/packages/${pkg.id}`, {
          name: 'Old Package 2',
          price: 12,
          isActive: true,
        })
      ).json().data.isActive,
    ).toBe(true);

    const created = (
      await call('POST', '/api/admin/api-keys', { description: 'Partner', isActive: false })
    ).json().data;
    const whoami = () =>
      api.app.inject({ url: '/api/partner/whoami', headers: { 'x-api-key': created.key } });
    expect((await whoami()).statusCode).toBe(401);
    const edited = await call('PUT', `/api/admin/api-keys/${created.id}`, { description: 'Partner (old)' });
    expect(edited.json().data).toMatchObject({ description: 'Partner (old)', isActive: false });
    expect((await whoami()).statusCode).toBe(401);
    await call('PUT', `/api/admin/api-keys/${created.id}`, { description: 'Partner', isActive: true });
    expect((await whoami()).statusCode).toBe(200);

    const discount = (
      await call('POST', '/api/admin/discounts', { name: 'Paused', value: 5, isActive: false })
    ).json().data;
    const put = await call('PUT', `/api/admin/discounts/${discount.id}`, { name: 'Paused', value: 6 });
    expect(put.json().data).toMatchObject({ value: '6.00', isActive: false });
  });

  it('answers payment test mode as {success, testMode, message} and takes {enabled}', async () => {
    const got = (await call('GET', '/api/admin/payments/test-mode')).json();
    expect(got).toMatchObject({ success: true, testMode: true, message: expect.any(String) });
    for (const body of [undefined, {}, { enabled: 'yes' }]) {
      const bad = await call('POST', '/api/admin/payments/test-mode', body);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ success: false, message: 'enabled must be true or false' });
    }
    const on = (await call('POST', '/api/admin/payments/test-mode', { enabled: true })).json();
    expect(on).toMatchObject({ success: true, testMode: true, message: expect.any(String) });
    // Going live answers the same shape once the provider works (live-payments.int.spec.ts, issue 45).
    expect((await call('POST', '/api/admin/payments/test-mode', { enabled: false })).statusCode).toBe(409);
  });
});
