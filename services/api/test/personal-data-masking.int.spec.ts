import { type Runner, startProjectionRunner } from '@hs/eventstore';
import { projections } from '@hs/read-models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../src/auth/users';
import { type TestApi, startTestApi } from './helpers';

/**
 * Issue 24 (PDPA), masking and access: staff see identification numbers masked (S****567A) in the
 * order list, the order, its timeline and the CSV; an admin reveals them, exports them unmasked or
 * downloads everything held about the people (an access request), each recorded naming the staff
 * member; other roles are refused.
 */
describe('identification numbers masked for staff, revealed only by an admin, audited', () => {
  let api: TestApi;
  let runner: Runner;
  let order: { id: number; reference_number: string };
  const tokens: Record<'finance' | 'front_desk', string> = { finance: '', front_desk: '' };
  const PRIMARY = 'S1234567D';
  const CHILD = 'T0123456G';

  const admin = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    api.asAdmin({ method, url, payload });
  const as = (role: keyof typeof tokens, method: 'GET' | 'POST', url: string) =>
    api.app.inject({ method, url, headers: { authorization: `Bearer ${tokens[role]}` } });
  const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const auditRows = () =>
    api.db.sql<{ actor: string; entity_id: string | null; after: { purpose: string } }[]>`
      select actor, entity_id, after from audit_log where entity = 'personal_data_access' order by id`;

  beforeAll(async () => {
    api = await startTestApi();
    runner = startProjectionRunner(api.db.sql, projections, { pollMs: 50 });
    const pkg = (await admin('POST', '/api/admin/packages', { name: 'Basic', price: '100' })).json().data;
    const event = (
      await admin('POST', '/api/admin/events', { name: 'Screening', slug: 'screening', packageIds: [pkg.id] })
    ).json().data;
    const slot = (
      await admin('POST', `/api/admin/events/${event.id}/timeslots`, {
        date: future(9),
        time: '09:00',
        maxAttendees: 10,
      })
    ).json().data;
    const booked = await api.app.inject({
      method: 'POST',
      url: '/api/registrations',
      payload: {
        eventId: event.id,
        packageId: pkg.id,
        timeslotId: slot.id,
        firstName: 'Mei',
        lastName: 'Tan',
        email: 'mei.tan@example.com',
        mobileNumber: '91234567',
        gender: 'female',
        identificationNumber: PRIMARY.toLowerCase(),
        dateOfBirth: '1985-02-03',
        postalCode: '560123',
        address: '1 Street',
        medicalConditions: 'Asthma',
        participants: [
          {
            firstName: 'Kid',
            lastName: 'Tan',
            gender: 'Female',
            identificationNumber: CHILD,
            dateOfBirth: '2012-03-04',
            packageId: pkg.id,
          },
        ],
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    order = booked.json().data;
    for (const role of ['finance', 'front_desk'] as const) {
      await createUser(api.db.sql, { username: `p1-${role}`, password: 'long-enough-password-1', role });
      const login = await api.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { username: `p1-${role}`, password: 'long-enough-password-1' },
      });
      tokens[role] = login.json().data.token;
    }
    const deadline = Date.now() + 15_000;
    while ((await admin('GET', `/api/admin/registrations/${order.id}`)).statusCode !== 200) {
      if (Date.now() > deadline) throw new Error('the order never reached the read model');
      await new Promise((r) => setTimeout(r, 50));
    }
  });
  afterAll(async () => {
    await runner?.stop();
    await api?.close();
  });

  it('the list, the order and its timeline show the numbers masked, for every role', async () => {
    const list = (await admin('GET', '/api/admin/registrations')).json().data;
    const row = list.find((o: { id: number }) => o.id === order.id);
    expect(row.identificationNumber).toBe('S****567D');
    expect(row.participants.map((p: { identificationNumber: string }) => p.identificationNumber)).toEqual([
      'S****567D',
      'T****456G',
    ]);
    const desk = (await as('front_desk', 'GET', `/api/admin/registrations/${order.id}`)).json().data;
    expect(desk.identificationNumber).toBe('S****567D');
    const history = await admin('GET', `/api/admin/registrations/${order.id}/history`);
    expect(history.json().data[0].type).toBe('RegistrationBooked');
    for (const body of [JSON.stringify(list), JSON.stringify(desk), history.body]) {
      expect(body).not.toContain(PRIMARY);
      expect(body).not.toContain(PRIMARY.toLowerCase());
      expect(body).not.toContain(CHILD);
    }
    expect(history.body).toContain('T****456G');
  });

  it('the CSV masks by default; unmasked is admin only and audited', async () => {
    const before = (await auditRows()).length;
    const masked = await as('finance', 'GET', '/api/admin/registrations/export');
    expect(masked.statusCode).toBe(200);
    const [header, ...rows] = masked.body.trim().split('\r\n');
    const column = header!.split(',').indexOf('Identification Number');
    expect(column).toBeGreaterThan(0);
    const line = rows.find((l) => l.startsWith(order.reference_number))!;
    expect(line.split(',')[column]).toBe('S****567D');
    expect(masked.body).not.toContain(PRIMARY);

    const refused = await as('finance', 'GET', '/api/admin/registrations/export?unmasked=true');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      success: false,
      message: 'Only an admin can export unmasked identification numbers',
    });
    expect(await auditRows()).toHaveLength(before);

    const clear = await admin('GET', '/api/admin/registrations/export?unmasked=true');
    expect(clear.statusCode).toBe(200);
    const clearLine = clear.body.split('\r\n').find((l) => l.startsWith(order.reference_number))!;
    expect(clearLine.split(',')[column]).toBe(PRIMARY);
    const audited = await auditRows();
    expect(audited).toHaveLength(before + 1);
    expect(audited.at(-1)).toMatchObject({
      actor: expect.stringMatching(/^admin:/),
      after: { purpose: 'unmasked-export' },
    });
    expect(JSON.stringify(audited)).not.toContain(PRIMARY);
    expect((await admin('GET', '/api/admin/registrations/export?unmasked=maybe')).statusCode).toBe(400);
  });

  it('Reveal gives an admin the clear numbers, recorded on the order naming them and in the audit log', async () => {
    const url = `/api/admin/registrations/${order.id}/reveal-identification`;
    for (const role of ['finance', 'front_desk'] as const)
      expect((await as(role, 'POST', url)).statusCode).toBe(403);
    const before = (await auditRows()).length;
    const res = await admin('POST', url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.identificationNumbers).toEqual([
      expect.objectContaining({ name: 'Mei Tan', isPrimary: true, identificationNumber: PRIMARY }),
      expect.objectContaining({ name: 'Kid Tan', isPrimary: false, identificationNumber: CHILD }),
    ]);
    const audited = await auditRows();
    expect(audited).toHaveLength(before + 1);
    expect(audited.at(-1)).toMatchObject({
      entity_id: String(order.id),
      after: { purpose: 'reveal-identification' },
    });
    const historyUrl = `/api/admin/registrations/${order.id}/history`;
    await expect
      .poll(async () => (await admin('GET', historyUrl)).json().data.map((h: { type: string }) => h.type), {
        timeout: 15_000,
      })
      .toContain('IdentificationRevealed');
    const revealed = (await admin('GET', historyUrl))
      .json()
      .data.find((h: { type: string }) => h.type === 'IdentificationRevealed');
    const username = audited.at(-1)!.actor.replace(/^admin:/, '');
    expect(revealed.actor).toBe(`admin:${username}`);
    expect(revealed.summary).toBe(`Identification numbers revealed to ${username}`);
    expect(revealed.data.participantIds).toHaveLength(2);
    expect((await admin('POST', '/api/admin/registrations/987654/reveal-identification')).statusCode).toBe(
      404,
    );
    // a client that sets the JSON content type on every POST, with no body, is answered too
    const bare = await api.asAdmin({ method: 'POST', url, headers: { 'content-type': 'application/json' } });
    expect(bare.statusCode, bare.body).toBe(200);
  });

  it('an access request downloads everything held about the people, admin only, recorded and audited', async () => {
    const url = `/api/admin/registrations/${order.id}/personal-data`;
    for (const role of ['finance', 'front_desk'] as const)
      expect((await as(role, 'GET', url)).statusCode).toBe(403);
    const res = await admin('GET', url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="personal-data-${order.reference_number}.json"`,
    );
    const data = res.json().data;
    expect(data.contact).toMatchObject({
      email: 'mei.tan@example.com',
      identificationNumber: PRIMARY,
      dateOfBirth: '1985-02-03',
      medicalConditions: 'Asthma',
    });
    expect(data.participants.map((p: { identificationNumber: string }) => p.identificationNumber)).toEqual([
      PRIMARY,
      CHILD,
    ]);
    expect(data.events[0].type).toBe('RegistrationBooked');
    expect((await auditRows()).at(-1)).toMatchObject({ after: { purpose: 'access-request' } });
    await expect
      .poll(
        async () =>
          (await admin('GET', `/api/admin/registrations/${order.id}/history`))
            .json()
            .data.map((h: { type: string }) => h.type),
        { timeout: 15_000 },
      )
      .toContain('PersonalDataExported');
    expect((await admin('GET', '/api/admin/registrations/987654/personal-data')).statusCode).toBe(404);
  });
});
