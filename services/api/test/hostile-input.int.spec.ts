import { createDecipheriv, randomUUID } from 'node:crypto';
import { cleanText, isCleanText, registrationDecider, registrationStream } from '@hs/domain';
import {
  type Runner,
  findEvents,
  findStreamEvents,
  handleCommand,
  startProjectionRunner,
} from '@hs/eventstore';
import { loadDataKeys } from '@hs/privacy';
import { projections } from '@hs/read-models';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../src/auth/users';
import { testApiConfig } from '../src/config';
import { type TestApi, person, startTestApi } from './helpers';
import { parse } from 'csv-parse/sync';

/**
 * Issue 43: no request puts a NUL, a control, a lone surrogate or a bidi override into what is stored
 * (the api cleans every string first, plugins/app/clean-input.ts), and an order whose log already holds
 * them (appended by an older build, straight through the decider) still lists, shows and exports.
 */

/** Removed by the edge: put inside a valid value, the value stays valid. */
const REMOVED = {
  nul: '\u0000',
  c0: '\u0001\u0007\u0008\u000b\u000c\u001b\u001f',
  c1: '\u007f\u0080\u0085\u009b\u009f',
  highSurrogate: '\ud83d',
  lowSurrogate: '\ude00',
  bidi: '\u202a\u202b\u202c\u202d\u202e',
  isolates: '\u2066\u2067\u2068\u2069',
};
/** Kept, normalised: a whole value of a free-text field. */
const KEPT = {
  long: `Ŀong ${'x'.repeat(4995)}`,
  emoji: '👩‍👩‍👧‍👦 Zoe\u0308 Nguye\u0302\u0303n',
  chinese: '陈美玲',
  tamil: 'தமிழ்செல்வி',
  arabic: 'محمد عبد الله',
  sql: "O'Brien'); DROP TABLE orders;--",
  html: '<script>alert(1)</script><img src=x onerror=alert(1)>',
  lineBreaks: 'line\r\nbreak\ttab',
};
const taint = (value: string, piece: string) => `${value.slice(0, 1)}${piece}${value.slice(1)}`;
const taintAll = (fields: Record<string, string>, piece: string) =>
  Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, taint(v, piece)]));
/** A participant's text fields, `i` making the identification number unique. */
const kid = (i: number) => ({
  ...{ firstName: 'Ah Kow', lastName: 'Tan', gender: 'Male', dateOfBirth: '2012-03-04' },
  identificationNumber: `T2222${String(i).padStart(3, '0')}B`,
});
const one = (s: string) => cleanText(s).trim();
const many = (s: string) => cleanText(s, { multiline: true }).trim();

/** Every string in a JSON value, object keys too. */
function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      if (!Array.isArray(value)) out.push(k);
      strings(v, out);
    }
  return out;
}
const expectClean = (values: string[]) =>
  expect(values.filter((s) => !isCleanText(s)).map((s) => JSON.stringify(s))).toEqual([]);

describe('hostile text input', () => {
  let api: TestApi;
  let runner: Runner;
  const projectionErrors: unknown[] = [];
  let eventId: number;
  let packageId: number;
  let timeslotId: number;
  let n = 0;
  const date = new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10);

  /** A request (as the admin under /api/admin) with its own id, which the events it appends carry. */
  async function send(method: 'GET' | 'POST', url: string, payload?: object, more: object = {}) {
    const id = `hostile-${++n}`;
    const options = { method, url, payload, headers: { 'x-request-id': id, ...more } };
    const res = url.startsWith('/api/admin/') ? await api.asAdmin(options) : await api.app.inject(options);
    expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}\n${api.errors.join('')}`).toBeLessThan(500);
    if (res.statusCode >= 400)
      expect(res.json()).toMatchObject({ success: false, message: expect.any(String) });
    return Object.assign(res, { requestId: id });
  }
  const ok = (res: LightMyRequestResponse) => res.statusCode < 300;

  /** The events a request appended, decoded (the codec's decode cleans personal text again). */
  const appended = async (requestId: string) =>
    (await findEvents(api.db.sql)).filter((e) => e.metadata.requestId === requestId);

  /**
   * Every string those events hold in the log as it is: the clear fields and the sealed personal
   * boxes opened here without the decoder's cleaning (AES-256-GCM, iv | body | tag, AAD pd2.<subject>:
   * packages/privacy/src/store.ts), so a dirty value the edge let through is seen.
   */
  async function stored(requestId: string): Promise<string[]> {
    const mine = await appended(requestId);
    expect(mine.length, `events of ${requestId}`).toBeGreaterThan(0);
    const ids = new Set(mine.map((e) => e.eventId));
    const raw = await findStreamEvents<Record<string, unknown>>(
      api.db.sql,
      [...new Set(mine.map((e) => e.streamId))],
      [...new Set(mine.map((e) => e.type))],
      { decode: false },
    );
    const out: string[] = [];
    for (const e of raw.filter((r) => ids.has(r.eventId))) {
      const { pd2, ...clear } = e.data as { pd2?: Record<string, string> };
      strings(clear, out);
      const keys = await loadDataKeys(api.db.sql, Object.keys(pd2 ?? {}));
      for (const [subject, box] of Object.entries(pd2 ?? {})) {
        const bytes = Buffer.from(box, 'base64url');
        const cipher = createDecipheriv('aes-256-gcm', keys.get(subject)!, bytes.subarray(0, 12));
        cipher.setAAD(Buffer.from(`pd2.${subject}`, 'utf8'));
        cipher.setAuthTag(bytes.subarray(bytes.length - 16));
        const plain = Buffer.concat([cipher.update(bytes.subarray(12, bytes.length - 16)), cipher.final()]);
        out.push(...(JSON.parse(plain.toString('utf8')) as string[]));
      }
    }
    return out;
  }

  const booking = (i: number, more: object = {}) => ({
    eventId,
    packageId,
    timeslotId,
    ...person(i),
    ...more,
  });
  const waitlister = (i: number, piece: string) => ({
    ...{ eventId, packageId, seats: 1 },
    ...taintAll({ firstName: 'Mei', lastName: 'Tan', email: `wait${i}@example.com` }, piece),
    ...taintAll({ postalCode: '560123', mobileNumber: '91234567' }, piece),
  });

  beforeAll(async () => {
    api = await startTestApi({ rateLimits: { ...testApiConfig().rateLimits, enabled: false } });
    runner = startProjectionRunner(api.db.sql, projections, {
      pollMs: 50,
      onError: (err) => projectionErrors.push(err),
    });
    packageId = (await send('POST', '/api/admin/packages', { name: 'Basic', price: '100' })).json().data.id;
    eventId = (
      await send('POST', '/api/admin/events', {
        name: 'Screening',
        slug: 'screening',
        packageIds: [packageId],
      })
    ).json().data.id;
    timeslotId = (
      await send('POST', `/api/admin/events/${eventId}/timeslots`, { date, time: '09:00', maxAttendees: 500 })
    ).json().data.id;
  }, 60_000);
  afterAll(async () => {
    await runner?.stop();
    await api?.close();
  });

  it('books with controls, lone surrogates and bidi characters inside every field, storing them without', async () => {
    for (const [i, piece] of Object.values(REMOVED).entries()) {
      const res = await send('POST', '/api/registrations', {
        ...booking(i),
        ...taintAll({ ...person(i), unitNumber: '#01-02', medicalConditions: 'Asthma\r\nmild' }, piece),
        participants: [{ ...taintAll(kid(i), piece), packageId }],
      });
      expect(res.statusCode, `${JSON.stringify(piece)}: ${res.body}`).toBe(201);
      expectClean(await stored(res.requestId));
      const [booked] = (await appended(res.requestId)).filter((e) => e.type === 'RegistrationBooked');
      const { contact, participants } = booked!.data as Record<string, Record<string, unknown>>;
      expect(contact).toMatchObject({
        ...person(i),
        unitNumber: '#01-02',
        medicalConditions: 'Asthma\nmild',
      });
      expect(participants).toMatchObject([{}, { firstName: 'Ah Kow', lastName: 'Tan' }]);
    }
  });

  it('books or refuses whole hostile values of the free-text fields, storing only clean text', async () => {
    for (const [j, text] of Object.values(KEPT).entries()) {
      const i = 20 + j;
      const res = await send('POST', '/api/registrations', {
        ...booking(i, { firstName: text, lastName: text, address: text }),
        medicalConditions: text,
        // A key is text a person sends too: this one is unitNumber once cleaned.
        'unit\u0000Number': text,
      });
      expect(res.statusCode, res.body).toBe(201);
      expectClean(await stored(res.requestId));
      const [booked] = (await appended(res.requestId)).filter((e) => e.type === 'RegistrationBooked');
      expect((booked!.data as { contact: object }).contact).toMatchObject({
        firstName: one(text),
        address: one(text),
        unitNumber: one(text),
        medicalConditions: many(text),
      });
    }
  });

  it("refuses a name made only of control characters with the field's own message", async () => {
    const blank = '\u0000\u0001\u202e\ud800\u2066\u0085';
    const messages = {
      firstName: 'First name cannot be empty',
      lastName: 'Last name cannot be empty',
      address: 'Address is required',
    };
    for (const [field, message] of Object.entries(messages)) {
      const res = await send('POST', '/api/registrations', booking(40, { [field]: blank }));
      expect(res.json()).toMatchObject({ success: false, message });
    }
    // The waiting list's route-level valibot hook (checkFirst) sees the cleaned value too.
    const join = await send('POST', '/api/waitlist', { ...waitlister(43, ''), firstName: blank });
    expect(join.json()).toMatchObject({ success: false, message: 'First name cannot be empty' });
  });

  it('adds participants and joins the waiting list with hostile text, storing it clean', async () => {
    const base = await send('POST', '/api/registrations', booking(50));
    const { referenceNumber, id } = base.json().data;
    for (const [i, piece] of Object.values(REMOVED).entries()) {
      const added = await send('POST', '/api/participants', {
        ...taintAll(
          { ...kid(100 + i), referenceNumber, email: 'kid@example.com', mobileNumber: '98765432' },
          piece,
        ),
        ...{ registrationId: id, packageId },
      });
      expect(added.statusCode, added.body).toBe(201);
      expect(added.json().data.participant).toMatchObject({ firstName: 'Ah Kow', lastName: 'Tan' });
      expectClean(await stored(added.requestId));

      const joined = await send('POST', '/api/waitlist', waitlister(60 + i, piece));
      expect(joined.statusCode, joined.body).toBe(201);
      expectClean(await stored(joined.requestId));
    }
    // The TypeBox schema (at most 200 characters) sees the cleaned value: 203 characters sent.
    const padded = await send('POST', '/api/waitlist', {
      ...waitlister(70, ''),
      lastName: `Tan${'\u0000'.repeat(200)}`,
    });
    expect(padded.statusCode, padded.body).toBe(201);
    for (const [j, text] of Object.values(KEPT).entries()) {
      const res = await send('POST', '/api/waitlist', {
        ...waitlister(80 + j, ''),
        firstName: text,
        lastName: text,
      });
      if (ok(res)) expectClean(await stored(res.requestId));
    }
  });

  it('keeps catalogue names, descriptions and locations clean (event, package, discount)', async () => {
    const pieces = [...Object.values(REMOVED).map((p) => taint('Name', p)), ...Object.values(KEPT)];
    for (const [j, text] of pieces.entries()) {
      const writes = [
        ['/api/admin/packages', { name: text, description: text, price: '10' }],
        ['/api/admin/events', { name: text, slug: `ev-${j}`, description: text, location: text }],
        ['/api/admin/discounts', { name: text, lineItemLabel: text, description: text, value: '5' }],
      ] as const;
      for (const [url, body] of writes) {
        const res = await send('POST', url, body);
        if (!ok(res)) continue;
        const read = await send('GET', `${url}/${res.json().data.id}`);
        expect(read.json().data).toMatchObject({ name: one(text), description: many(text) });
        expectClean(strings(read.json().data));
      }
    }
  });

  it("takes the partner's payment reports with hostile transaction ids, storing them clean", async () => {
    const code = '100000000003'; // the fake partner's code with nothing paid
    expect(
      (await send('POST', '/api/wc/create-registration', { bookingCode: taint(code, '\u0000') })).statusCode,
    ).toBeLessThan(300);
    const partnerBooking = booking(90, { whiteCoatBookingCode: taint(code, '\u202e') });
    const order = await send('POST', '/api/registrations', partnerBooking);
    expect(order.statusCode, order.body).toBe(201);
    const key = (await send('POST', '/api/admin/api-keys', { description: 'Partner\u0000' })).json().data.key;
    // The code in the path carries a NUL too: params are cleaned as well.
    const url = `/api/partner/bookings/${encodeURIComponent(taint(code, '\u0000'))}/payments`;
    for (const transactionId of Object.values(REMOVED).map((p) => taint('wc-tx', p))) {
      const res = await send('POST', url, { transactionId, amount: '0.01' }, { 'x-api-key': key });
      expect(res.statusCode, res.body).toBe(200);
      if ((await appended(res.requestId)).length > 0) expectClean(await stored(res.requestId));
    }
    for (const transactionId of Object.values(KEPT)) {
      const res = await send('POST', url, { transactionId, amount: '0.01' }, { 'x-api-key': key });
      if (ok(res)) expectClean(await stored(res.requestId));
    }
  });

  it('lets staff log in with a password holding control characters (passwords are left alone)', async () => {
    const password = 'Tab\tand\u202eRLO\u0000pass 9';
    await createUser(api.db.sql, { username: 'oddpass', password, email: 'odd@example.com' });
    const login = await send('POST', '/api/admin/login', { username: 'oddpass', password });
    expect(login.statusCode, login.body).toBe(200);
  });

  it('lists, shows and exports an order whose log holds hostile text from before the edge cleaned it', async () => {
    const [row] = await api.db.sql<{ id: string }[]>`select nextval('registration_ids') as id`;
    const registrationId = Number(row!.id);
    const who = {
      ...{ firstName: 'nul\u0000byte', lastName: 'Ev\u202eil\ud800\u0085', gender: 'female' },
      ...{ identificationNumber: 'S1234567D', dateOfBirth: '1985-02-03' },
      ...{ email: 'old\u0000@example.com', mobileNumber: '9123\u00004567' },
    };
    const price = {
      packageName: 'Basic',
      packagePriceCents: 10_000,
      aiaPriceCents: null,
      memberVerified: false,
    };
    const p = {
      participantId: randomUUID(),
      isPrimary: true,
      isAiaMember: false,
      aiaMemberId: null,
      packageId,
    };
    const contact = { ...who, postalCode: '560123', unitNumber: '#01\u001b-02', region: null };
    const data = {
      ...{ registrationId: String(registrationId), referenceNumber: `HST-${registrationId}-OLD` },
      ...{ eventId, eventName: 'Screening', packageId, timeslotId, discount: null, partner: null },
      contact: {
        ...contact,
        address: '1 Street\r\n\u2067Block 2',
        medicalConditions: 'Asthma\u0000\r\nmild',
      },
      participants: [{ ...p, ...who, ...price }],
      bookedAt: new Date().toISOString(),
    };
    await handleCommand(
      api.db.sql,
      registrationStream(registrationId),
      registrationDecider,
      { type: 'BookRegistration', data } as never,
      { metadata: { actor: 'public' } },
    );
    const projected = async () =>
      (await api.db.sql`select 1 from orders where registration_id = ${registrationId}`).length;
    await expect.poll(projected, { timeout: 15_000 }).toBe(1);
    expect(projectionErrors).toEqual([]);

    const detail = await send('GET', `/api/admin/registrations/${registrationId}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data).toMatchObject({ firstName: 'nulbyte' });
    expectClean(strings(detail.json().data));
    const list = await send('GET', `/api/admin/registrations?search=${encodeURIComponent('nul\u0000byte')}`);
    expect(list.statusCode).toBe(200);
    const all = await send('GET', '/api/admin/registrations?pageSize=100');
    const listed = all.json().data.find((o: { id: number }) => o.id === registrationId);
    expect(listed).toMatchObject({ firstName: 'nulbyte' });
    expectClean(strings(listed));

    const csv = await send('GET', '/api/admin/registrations/export');
    expect(csv.statusCode).toBe(200);
    expect(csv.body.endsWith('\r\n')).toBe(true);
    const rows = parseCsv(csv.body);
    const width = rows[0]!.length;
    expect(rows.filter((r) => r.length !== width)).toEqual([]);
    expect(rows.some((r) => r.includes('nulbyte'))).toBe(true);
    expectClean(rows.flat());
  });
});

/** RFC 4180 rows (CRLF between records), every row kept whatever its width; throws on malformed CSV. */
const parseCsv = (text: string): string[][] =>
  parse(text, { record_delimiter: '\r\n', relax_column_count: true }) as string[][];
