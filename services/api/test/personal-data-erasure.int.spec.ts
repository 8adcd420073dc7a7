import { execFileSync } from 'node:child_process';
import { type Runner, readStream, rebuildProjection, startProjectionRunner } from '@hs/eventstore';
import { issueInvoice } from '@hs/commands';
import { projections, readOrder } from '@hs/read-models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../src/auth/users';
import { type TestApi, startTestApi } from './helpers';

/**
 * Issue 24, erasure: an admin erases the personal data of everyone on an order. The order keeps its
 * reference, slot, package, amounts and statuses; its read models lose every name, address and
 * number; a second erase changes nothing; a rebuild of every projection gives the same erased state.
 */
describe('erasing the personal data of an order', () => {
  let api: TestApi;
  let runner: Runner;
  let order: { id: number; reference_number: string };
  let other: { id: number };
  const tokens: Record<'finance' | 'front_desk', string> = { finance: '', front_desk: '' };
  const PERSONAL = [
    'Quentin',
    'Oyelaran',
    'Zephyrine',
    'quentin.oyelaran@example.com',
    'zeph.kid@example.com',
    '93456781',
    '87654329',
    '42 Wisteria Crescent',
    'Persimmon Lane',
    '#07-321',
    '569871',
  ];

  const admin = (method: 'GET' | 'POST', url: string) => api.asAdmin({ method, url });
  const as = (role: keyof typeof tokens, method: 'GET' | 'POST', url: string) =>
    api.app.inject({ method, url, headers: { authorization: `Bearer ${tokens[role]}` } });
  const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const waitFor = async (check: () => Promise<boolean>) => {
    const deadline = Date.now() + 15_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('the read model never caught up');
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const detail = async (id: number) => (await admin('GET', `/api/admin/registrations/${id}`)).json().data;

  beforeAll(async () => {
    api = await startTestApi();
    runner = startProjectionRunner(api.db.sql, projections, { pollMs: 50 });
    const pkg = (
      await api.asAdmin({
        method: 'POST',
        url: '/api/admin/packages',
        payload: { name: 'Basic', price: '100' },
      })
    ).json().data;
    const event = (
      await api.asAdmin({
        method: 'POST',
        url: '/api/admin/events',
        payload: { name: 'Screening', slug: 'screening', packageIds: [pkg.id] },
      })
    ).json().data;
    const slot = (
      await api.asAdmin({
        method: 'POST',
        url: `/api/admin/events/${event.id}/timeslots`,
        payload: { date: future(9), time: '09:00', maxAttendees: 10 },
      })
    ).json().data;
    const book = (payload: object) =>
      api.app.inject({
        method: 'POST',
        url: '/api/registrations',
        payload: {
          eventId: event.id,
          packageId: pkg.id,
          timeslotId: slot.id,
          gender: 'female',
          dateOfBirth: '1985-02-03',
          ...payload,
        },
      });
    const booked = await book({
      firstName: 'Quentin',
      lastName: 'Oyelaran',
      email: 'quentin.oyelaran@example.com',
      mobileNumber: '93456781',
      identificationNumber: 'S1234567D',
      postalCode: '569871',
      unitNumber: '#07-321',
      address: '42 Wisteria Crescent, Persimmon Lane',
      medicalConditions: 'Asthma',
      participants: [
        {
          firstName: 'Zephyrine',
          lastName: 'Oyelaran',
          gender: 'Female',
          identificationNumber: 'T0123456G',
          dateOfBirth: '2012-03-04',
          email: 'zeph.kid@example.com',
          mobileNumber: '87654329',
          packageId: pkg.id,
        },
      ],
    });
    expect(booked.statusCode, booked.body).toBe(201);
    order = booked.json().data;
    const second = await book({
      firstName: 'Ana',
      lastName: 'Lim',
      email: 'ana.lim@example.com',
      mobileNumber: '91112222',
      identificationNumber: 'S7654321A',
      postalCode: '123456',
      address: '9 Other Road',
    });
    expect(second.statusCode, second.body).toBe(201);
    other = second.json().data;
    for (const role of ['finance', 'front_desk'] as const) {
      await createUser(api.db.sql, { username: `e-${role}`, password: 'long-enough-password-1', role });
      const login = await api.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { username: `e-${role}`, password: 'long-enough-password-1' },
      });
      tokens[role] = login.json().data.token;
    }
    await waitFor(
      async () => (await admin('GET', `/api/admin/registrations/${other.id}`)).statusCode === 200,
    );
    // a status change: its history line names statuses, not people, and keeps them after the erasure
    const confirmed = await api.asAdmin({
      method: 'PATCH',
      url: `/api/admin/registrations/${order.id}`,
      payload: { status: 'confirmed' },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // an issued invoice names the customer and the attendees
    const invoice = await issueInvoice(api.db.sql, (await readOrder(api.db.sql, { id: order.id }))!, {
      actor: 'worker:test',
    });
    expect(JSON.stringify(invoice)).toContain('Oyelaran');
  });
  afterAll(async () => {
    await runner?.stop();
    await api?.close();
  });

  it('front desk and finance are refused; an unknown order is 404', async () => {
    for (const role of ['finance', 'front_desk'] as const) {
      expect(
        (await as(role, 'POST', `/api/admin/registrations/${order.id}/erase-personal-data`)).statusCode,
      ).toBe(403);
    }
    const unknown = await admin('POST', '/api/admin/registrations/999999/erase-personal-data');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false, message: 'Registration not found' });
    expect((await detail(order.id)).personalDataErasedAt).toBeNull();
  });

  it('erases: the order keeps reference, slot, amounts and status and shows none of the people', async () => {
    const before = await detail(order.id);
    const listBefore = (await admin('GET', '/api/admin/registrations')).json().data;
    const today = new Date().toISOString().slice(0, 10);
    const figures = async () => ({
      dashboard: (await admin('GET', '/api/admin/dashboard')).json().data,
      csvRows: (await admin('GET', '/api/admin/registrations/export')).body.trim().split('\r\n').length,
      gst: (await admin('GET', `/api/admin/reports/gst?from=${today.slice(0, 8)}01&to=${today}`)).json().data,
    });
    const figuresBefore = await figures();
    const erased = await admin('POST', `/api/admin/registrations/${order.id}/erase-personal-data`);
    expect(erased.statusCode, erased.body).toBe(200);
    const { data } = erased.json();
    expect(data).toMatchObject({ registrationId: order.id, referenceNumber: order.reference_number });
    expect(Number.isNaN(Date.parse(data.erasedAt))).toBe(false);
    await waitFor(async () => (await detail(order.id)).personalDataErasedAt !== null);
    // the order history is read from the log: the erasure is on it as soon as it is answered
    expect(
      (await admin('GET', `/api/admin/registrations/${order.id}/history`))
        .json()
        .data.some((h: { type: string }) => h.type === 'PersonalDataErased'),
    ).toBe(true);

    const after = await detail(order.id);
    expect(after.personalDataErasedAt).toBe(data.erasedAt);
    for (const key of [
      'referenceNumber',
      'status',
      'timeslotId',
      'timeslotDate',
      'packageName',
      'totalAmount',
      'paidAmount',
      'balanceDue',
    ]) {
      expect(after[key], key).toEqual(before[key]);
    }
    expect(after.participants).toHaveLength(2);
    expect(after).toMatchObject({
      firstName: '',
      lastName: '',
      email: '',
      address: null,
      mobileNumber: null,
    });
    const list = await admin('GET', '/api/admin/registrations');
    const history = await admin('GET', `/api/admin/registrations/${order.id}/history`);
    expect(history.json().data.map((h: { summary: string }) => h.summary)).toContain(
      'Status changed from pending_payment to confirmed',
    );
    const access = await admin('GET', `/api/admin/registrations/${order.id}/personal-data`);
    expect(access.json().data.order.personalDataErasedAt).toBe(data.erasedAt);
    for (const body of [JSON.stringify(after), list.body, history.body, access.body]) {
      for (const value of PERSONAL) expect(body).not.toContain(value);
    }
    expect(list.json().data).toHaveLength(listBefore.length);
    // dashboard figures, CSV rows and the GST report do not change
    expect(await figures()).toEqual(figuresBefore);
    expect(figuresBefore.csvRows).toBe(3);
    const invoices = await api.db.sql<{ total_cents: string; snapshot: { customer: object } }[]>`
      select total_cents, snapshot from invoices where registration_id = ${order.id}`;
    expect(invoices).toHaveLength(1);
    expect(Number(invoices[0]!.total_cents)).toBeGreaterThan(0);
    expect(invoices[0]!.snapshot.customer).toEqual({ name: '', address: '' });
    for (const value of PERSONAL) expect(JSON.stringify(invoices)).not.toContain(value);
    // the other order is untouched
    expect((await detail(other.id)).firstName).toBe('Ana');
    // lookups by personal data no longer find it
    const search = (await admin('GET', '/api/admin/registrations?search=Oyelaran')).json().data;
    expect(search).toEqual([]);

    const audits = await api.db.sql<{ entity_id: string; after: object }[]>`
      select entity_id, after from audit_log where entity = 'personal_data_erasure'`;
    expect(audits).toEqual([
      {
        entity_id: String(order.id),
        after: { registrationId: order.id, reason: 'request', alreadyErased: false },
      },
    ]);
  });

  it('a second erase answers the same time and appends nothing', async () => {
    const stream = () => readStream(api.db.sql, `registration-${order.id}`);
    const first = (await detail(order.id)).personalDataErasedAt;
    const before = (await stream()).length;
    const again = await admin('POST', `/api/admin/registrations/${order.id}/erase-personal-data`);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.erasedAt).toBe(first);
    const after = await stream();
    expect(after).toHaveLength(before);
    expect(after.filter((e) => e.type === 'PersonalDataErased')).toHaveLength(1);
    const [attempt] = await api.db.sql<{ after: object }[]>`
      select after from audit_log where entity = 'personal_data_erasure' order by id desc limit 1`;
    expect(attempt!.after).toEqual({ registrationId: order.id, reason: 'request', alreadyErased: true });
  });

  it('changing the people of an erased order is refused with a clear message', async () => {
    const reveal = await admin('POST', `/api/admin/registrations/${order.id}/reveal-identification`);
    expect(reveal.statusCode).toBe(409);
    expect(reveal.json().message).toBe('Personal data of this order has been erased');
  });

  it('a rebuild of every projection from the log gives the same erased read models', async () => {
    const snapshot = async () => ({
      detail: await detail(order.id),
      history: (await admin('GET', `/api/admin/registrations/${order.id}/history`)).json().data,
    });
    // the access request of an earlier test is the order's last event: the live models have it first
    await waitFor(async () =>
      (await snapshot()).history.some((h: { type: string }) => h.type === 'PersonalDataExported'),
    );
    const before = await snapshot();
    for (const projection of projections) await rebuildProjection(api.db.sql, projection);
    const after = await snapshot();
    expect(after).toEqual(before);
    for (const value of PERSONAL) expect(JSON.stringify(after)).not.toContain(value);
  });

  it('a dump of the database, event log included, holds none of the erased people', async () => {
    const dump = execFileSync('/usr/bin/pg_dump', ['--data-only', api.db.url], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(dump).toContain('ana.lim@example.com');
    // every row, the registration events and the invoice sequence's InvoiceIssued included
    const lines = dump.split('\n');
    expect(lines.some((l) => /\tInvoiceIssued\t/.test(l))).toBe(true);
    for (const value of PERSONAL) {
      expect(
        lines.filter((l) => l.includes(value)).map((l) => l.slice(0, 300)),
        value,
      ).toEqual([]);
    }
  });
});
