import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { issueDueCompanyCreditNotes, issueDueCompanyInvoices, issueInvoice } from '@hs/commands';
import type { InvoiceSnapshot } from '@hs/domain';
import { type Runner, findEvents, startProjectionRunner } from '@hs/eventstore';
import { projections, readOrder } from '@hs/read-models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApiConfig } from '../src/config';
import { type TestApi, startTestApi } from './helpers';

/** Issue 51: a company's programme from the back office to an employee's booking and HR's report. */
describe('corporate programmes', () => {
  let api: TestApi;
  let runner: Runner;
  let outbox: string;
  let eventId: number;
  let slotId: number;
  let pkg: { id: number };
  let companyId: number;
  const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    api.asAdmin({ method, url, ...(payload ? { payload } : {}) });
  const post = (url: string, payload: object) => api.app.inject({ method: 'POST', url, payload });
  const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const today = future(0);

  /** The last code mailed to `to` (read from the outbox's .eml files). */
  function mailsTo(to: string): string[] {
    return readdirSync(outbox)
      .map((f) => readFileSync(join(outbox, f), 'utf8').replace(/=\r?\n/g, ''))
      .filter((m) => m.includes(`To: ${to}`));
  }
  const codeIn = (mail: string) => /\n(\d{6})\r?\n/.exec(mail)?.[1];

  async function programme(body: object) {
    const res = await admin('POST', '/api/admin/programmes', {
      companyId,
      name: 'Acme Wellness 2026',
      startsOn: today,
      endsOn: future(60),
      eventIds: [eventId],
      packageIds: [pkg.id],
      paymentRule: 'company_pays_all',
      ...body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: number; code: string };
  }

  async function passFor(code: string, email: string) {
    const sent = await post(`/api/programmes/${code}/codes`, { email });
    expect(sent.statusCode, sent.body).toBe(202);
    const otp = codeIn(mailsTo(email).at(-1)!);
    const verified = await post(`/api/programmes/${code}/verify`, { email, code: otp });
    expect(verified.statusCode, verified.body).toBe(200);
    return verified.json().data as { pass: string; bookingsLeft: number };
  }

  /** Waits until the orders read model holds `n` bookings under the programme. */
  const ordersUnder = (programmeId: number, n: number) =>
    expect
      .poll(
        async () =>
          (await api.db.sql`select count(*)::int as n from orders where programme_id = ${programmeId}`)[0]!.n,
        { timeout: 10_000 },
      )
      .toBe(n);

  const booking = (pass: string, i: number, extra: object = {}) => ({
    eventId,
    packageId: pkg.id,
    timeslotId: slotId,
    firstName: 'Wei',
    lastName: `Tan${i}`,
    email: `wei${i}@acme.sg`,
    mobileNumber: '91234567',
    gender: 'male',
    identificationNumber: `S12345${String(i).padStart(2, '0')}A`,
    dateOfBirth: '1988-04-01',
    postalCode: '560123',
    address: '1 Street',
    medicalConditions: 'Asthma',
    programmePass: pass,
    ...extra,
  });

  beforeAll(async () => {
    outbox = mkdtempSync(join(tmpdir(), 'corporate-mail-'));
    api = await startTestApi({
      mailOutboxDir: outbox,
      rateLimits: { ...testApiConfig().rateLimits, enabled: false },
    });
    runner = startProjectionRunner(api.db.sql, projections, { pollMs: 50 });
    pkg = (await admin('POST', '/api/admin/packages', { name: 'Executive Screening', price: '200' })).json()
      .data;
    const event = (
      await admin('POST', '/api/admin/events', {
        name: 'Acme Screening Day',
        slug: 'acme-day',
        packageIds: [pkg.id],
      })
    ).json().data;
    eventId = event.id;
    slotId = (
      await admin('POST', `/api/admin/events/${eventId}/timeslots`, {
        date: future(10),
        time: '09:00',
        maxAttendees: 100,
      })
    ).json().data.id;
    const company = await admin('POST', '/api/admin/companies', {
      name: 'Acme Logistics Pte Ltd',
      uen: '201912345k',
      billingAddress: '1 Harbourfront Ave, Singapore 098632',
      billingEmail: 'Finance@Acme.sg',
      gstRegistrationNumber: 'M9-0312345-A',
    });
    expect(company.statusCode, company.body).toBe(201);
    companyId = company.json().data.id;
  });
  afterAll(async () => {
    await runner?.stop();
    await api.close();
    rmSync(outbox, { recursive: true, force: true });
  });

  it('names the wrong field of a company or programme', async () => {
    const company = await admin('POST', '/api/admin/companies', {
      name: 'X',
      uen: 'nope',
      billingAddress: 'a',
      billingEmail: 'b',
    });
    expect(company.statusCode).toBe(400);
    expect(company.json().errors.map((e: { field: string }) => e.field)).toEqual(['uen', 'billingEmail']);
    const prog = await admin('POST', '/api/admin/programmes', {
      companyId,
      name: 'P',
      code: 'ok-code',
      startsOn: today,
      endsOn: future(1),
      eventIds: [eventId],
      packageIds: [pkg.id],
      paymentRule: 'company_pays_up_to',
      emailDomains: ['acme.sg'],
    });
    expect(prog.statusCode).toBe(400);
    expect(prog.json().errors).toEqual([
      { field: 'amount', message: 'Amount is required for this payment rule' },
    ]);
  });

  it('lets a domain employee book with the company paying all: confirmed at once, once only', async () => {
    const p = await programme({ code: 'acme-all', emailDomains: ['acme.sg'] });
    const shown = await api.app.inject({ method: 'GET', url: '/api/programmes/acme-all' });
    expect(shown.json().data).toMatchObject({
      companyName: 'Acme Logistics Pte Ltd',
      open: true,
      packages: [{ id: pkg.id, price: '218.00', companyPays: '218.00', employeePays: '0.00' }],
    });
    const refused = await post('/api/programmes/acme-all/codes', { email: 'wei@notacme.sg' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This programme is not open to your email address.');

    const { pass, bookingsLeft } = await passFor('acme-all', 'wei1@hq.acme.sg');
    expect(bookingsLeft).toBe(1);
    const booked = await post('/api/registrations', booking(pass, 1));
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json().data).toMatchObject({
      status: 'confirmed',
      totalAmount: '218.00',
      balanceDue: '0.00',
    });
    const again = await post('/api/registrations', booking(pass, 1));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have used all your bookings under this programme.');

    // cancelling gives the entitlement back
    const cancel = await post(`/api/registrations/${booked.json().data.id}/cancel`, {});
    expect(cancel.statusCode, cancel.body).toBe(200);
    const rebooked = await post('/api/registrations', booking(pass, 1));
    expect(rebooked.statusCode, rebooked.body).toBe(201);
    // a +tag reaches the same mailbox: the same employee, no second entitlement
    const tagged = await passFor('acme-all', 'wei1+again@hq.acme.sg');
    expect(tagged.bookingsLeft).toBe(0);
    const third = await post('/api/registrations', booking(tagged.pass, 1));
    expect(third.statusCode).toBe(409);
    void p;
  });

  it('gives exactly one booking to 20 concurrent attempts of one employee', async () => {
    await programme({ code: 'acme-race', emailDomains: ['acme.sg'] });
    const { pass } = await passFor('acme-race', 'racer@acme.sg');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post('/api/registrations', booking(pass, 2))),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
  });

  it('holds the programme to its cap however many employees book at once', async () => {
    const p = await programme({ code: 'acme-cap', emailDomains: ['acme.sg'], bookingCap: 3 });
    const passes = await Promise.all(
      [10, 11, 12, 13, 14, 15].map((i) => passFor('acme-cap', `cap${i}@acme.sg`)),
    );
    const answers = await Promise.all(
      passes.map((x, i) => post('/api/registrations', booking(x.pass, 10 + i))),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(3);
    for (const a of answers.filter((x) => x.statusCode !== 201))
      expect(a.json().message).toBe('This programme is fully booked.');
    void p;
  });

  it('splits the price when the company pays up to a cap: the employee pays the rest', async () => {
    await programme({
      code: 'acme-half',
      emailDomains: ['acme.sg'],
      paymentRule: 'company_pays_up_to',
      amount: '150',
    });
    const { pass } = await passFor('acme-half', 'half@acme.sg');
    const booked = await post('/api/registrations', booking(pass, 3));
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json().data).toMatchObject({
      status: 'pending_payment',
      totalAmount: '218.00',
      balanceDue: '68.00',
    });
    const [event] = await findEvents(api.db.sql, {
      streamId: `registration-${booked.json().data.id}`,
      type: 'RegistrationBooked',
    });
    expect(event!.data).toMatchObject({ pricing: { companyPaidCents: 15_000, balanceDueCents: 6_800 } });
    // the employee's invoice is their part alone, issued once however often it is asked for
    const id = booked.json().data.id as number;
    await expect
      .poll(async () => (await readOrder(api.db.sql, { id }))?.registrationId, { timeout: 10_000 })
      .toBe(id);
    const order = (await readOrder(api.db.sql, { id }))!;
    const first = await issueInvoice(api.db.sql, order, { actor: 'test' });
    const again = await issueInvoice(api.db.sql, order, { actor: 'test' });
    expect(again.invoiceNumber).toBe(first.invoiceNumber);
    expect(first.totalCents).toBe(6_800);
    expect(first.lines.reduce((sum, l) => sum + l.amountCents, 0)).toBe(first.taxableCents);
    expect(first.lines.at(-1)!.description).toBe('Paid by your employer (invoiced to them)');
  });

  it('checks the one-time code: wrong, used up after 5 tries, and the same answer for anyone under a roster', async () => {
    const p = await programme({ code: 'acme-roster', useRoster: true });
    const csv =
      'Employee ID,Name,Work Email,Department,Site\nE1,Tan Wei Ming,wm.tan@gmail.com,Ops,Jurong\nE2,Siti,siti@acme.sg,HR,Changi\n';
    const imported = await admin('POST', `/api/admin/programmes/${p.id}/roster`, { csv });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().data).toMatchObject({ valid: true, rows: 2, added: 2 });

    const onRoster = await post('/api/programmes/acme-roster/codes', { email: 'WM.Tan@gmail.com' });
    const stranger = await post('/api/programmes/acme-roster/codes', { email: 'nobody@gmail.com' });
    expect([onRoster.statusCode, stranger.statusCode]).toEqual([202, 202]);
    expect(onRoster.json()).toEqual(stranger.json());
    expect(codeIn(mailsTo('wm.tan@gmail.com').at(-1)!)).toMatch(/^\d{6}$/);
    expect(mailsTo('nobody@gmail.com').at(-1)).toContain('not open to this address');
    expect(codeIn(mailsTo('nobody@gmail.com').at(-1)!)).toBeUndefined();
    // only hashes are stored
    const stored = await api.db.sql`select * from programme_codes`;
    expect(JSON.stringify(stored)).not.toContain('wm.tan@gmail.com');

    const real = codeIn(mailsTo('wm.tan@gmail.com').at(-1)!)!;
    const wrong = real === '000000' ? '000001' : '000000';
    for (let i = 4; i >= 1; i--) {
      const res = await post('/api/programmes/acme-roster/verify', {
        email: 'wm.tan@gmail.com',
        code: wrong,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(`The code is not correct. ${i} attempt${i === 1 ? '' : 's'} left.`);
    }
    const fifth = await post('/api/programmes/acme-roster/verify', {
      email: 'wm.tan@gmail.com',
      code: wrong,
    });
    expect(fifth.statusCode).toBe(410);
    const late = await post('/api/programmes/acme-roster/verify', { email: 'wm.tan@gmail.com', code: real });
    expect(late.statusCode).toBe(410);

    // at most 3 codes per address per 15 minutes, alike for everyone
    await post('/api/programmes/acme-roster/codes', { email: 'nobody@gmail.com' });
    await post('/api/programmes/acme-roster/codes', { email: 'nobody@gmail.com' });
    const limited = await post('/api/programmes/acme-roster/codes', { email: 'nobody@gmail.com' });
    expect(limited.statusCode).toBe(429);

    // an expired code
    await api.db.sql`update programme_codes set expires_at = now() - interval '1 second'`;
    const expired = await post('/api/programmes/acme-roster/verify', {
      email: 'siti@acme.sg',
      code: '123456',
    });
    expect(expired.statusCode).toBe(410);
  });

  it('imports a roster all or nothing, with errors by row and field', async () => {
    const p = await programme({ code: 'acme-import', useRoster: true });
    // a quoted cell over two lines and a blank line: the errors name the file's own lines
    const bad =
      'employee_id,name,work_email\nE1,"Tan\nWei",tan@acme.sg\n\nE2,,lim@acme.sg\nE3,Ng,not-mail\nE1,Dup,dup@acme.sg\n';
    const preview = await admin('POST', `/api/admin/programmes/${p.id}/roster/preview`, { csv: bad });
    expect(preview.json().data).toMatchObject({
      valid: false,
      rows: 4,
      errors: [
        { row: 5, field: 'name', message: 'name is required' },
        { row: 6, field: 'work_email', message: 'work_email is not an email address' },
        { row: 7, field: 'employee_id', message: 'employee_id is also on row 3' },
      ],
    });
    const refused = await admin('POST', `/api/admin/programmes/${p.id}/roster`, { csv: bad });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0]).toEqual({ field: 'row 5 name', message: 'name is required' });
    const roster = await admin('GET', `/api/admin/programmes/${p.id}/roster`);
    expect(roster.json().data).toEqual([]);
  });

  it('reports counts by department and site, names only when allowed, never health', async () => {
    const p = await programme({ code: 'acme-report', useRoster: true, hrSeesNames: true, entitlement: 1 });
    const csv = [
      'employee_id,name,work_email,department,site',
      'R1,Alice Koh,alice@acme.sg,Ops,Jurong',
      'R2,Bala Raj,bala@acme.sg,Ops,Jurong',
      'R3,Chen Hui,chen@acme.sg,HR,Changi',
    ].join('\n');
    expect((await admin('POST', `/api/admin/programmes/${p.id}/roster`, { csv })).statusCode).toBe(200);
    const alice = await passFor('acme-report', 'alice@acme.sg');
    const bala = await passFor('acme-report', 'bala@acme.sg');
    const a = await post('/api/registrations', booking(alice.pass, 30, { shareNameWithEmployer: true }));
    const b = await post('/api/registrations', booking(bala.pass, 31));
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    await ordersUnder(p.id, 2);
    const report = await admin('GET', `/api/admin/programmes/${p.id}/report`);
    expect(report.statusCode, report.body).toBe(200);
    const data = report.json().data;
    expect(data.totals).toEqual({ rosterSize: 3, booked: 2, attended: 0, noShows: 0, notYetBooked: 1 });
    expect(data.groups).toEqual([
      {
        department: 'HR',
        site: 'Changi',
        rosterSize: 1,
        booked: 0,
        attended: 0,
        noShows: 0,
        notYetBooked: 1,
      },
      {
        department: 'Ops',
        site: 'Jurong',
        rosterSize: 2,
        booked: 2,
        attended: 0,
        noShows: 0,
        notYetBooked: 0,
      },
    ]);
    expect(data.names).toEqual([{ name: 'Alice Koh', department: 'Ops', site: 'Jurong', status: 'booked' }]);
    const csvReport = await admin('GET', `/api/admin/programmes/${p.id}/report.csv`);
    for (const text of [report.body, csvReport.body]) {
      for (const secret of ['S1234530A', '1988-04-01', 'Asthma', 'Executive Screening', 'Bala'])
        expect(text).not.toContain(secret);
    }
    // HR's own link: read-only, expiring
    const link = await admin('POST', `/api/admin/programmes/${p.id}/report-link`, {
      email: 'hr@acme.sg',
      days: 7,
    });
    expect(link.statusCode, link.body).toBe(200);
    const token = /programme-report\/([A-Za-z0-9_-]+)/.exec(mailsTo('hr@acme.sg').at(-1)!)![1]!;
    const viaLink = await api.app.inject({ method: 'GET', url: `/api/programme-reports/${token}` });
    expect(viaLink.json().data.totals).toEqual(data.totals);
    await api.db.sql`update programme_report_links set expires_at = now() - interval '1 second'`;
    expect((await api.app.inject({ method: 'GET', url: `/api/programme-reports/${token}` })).statusCode).toBe(
      410,
    );
  });
  it('bills the company once for its bookings, and credits a cancelled one against that invoice', async () => {
    await admin('PUT', '/api/admin/company-settings', {
      companyName: 'Clinic Pte Ltd',
      address: '1 Clinic Road, Singapore 100001',
      uen: '200000000D',
      gstRegistrationNumber: 'M90000000A',
      invoicePrefix: 'HS',
    });
    const p = await programme({
      code: 'acme-bill',
      emailDomains: ['acme.sg'],
      paymentRule: 'company_pays_all',
      entitlement: 2,
    });
    const passes = await Promise.all(['b1', 'b2', 'b3'].map((n) => passFor('acme-bill', `${n}@acme.sg`)));
    const booked: { id: number; referenceNumber: string }[] = [];
    for (const [i, x] of passes.entries()) {
      const res = await post('/api/registrations', booking(x.pass, 40 + i, { email: `b${i + 1}@acme.sg` }));
      expect(res.statusCode, res.body).toBe(201);
      booked.push(res.json().data as { id: number; referenceNumber: string });
    }
    await ordersUnder(p.id, 3);
    // nothing is due before the month ends
    expect(await issueDueCompanyInvoices(api.db.sql, new Date(), { actor: 'test' })).toEqual([]);
    // closing the programme bills what it owes so far, once
    const closed = await admin('POST', `/api/admin/programmes/${p.id}/close`);
    expect(closed.statusCode, closed.body).toBe(200);
    const [invoice] = await api.db.sql<
      { number: string; total: string; gst: string; taxable: string; snapshot: InvoiceSnapshot }[]
    >`
      select number, total_cents::text as total, gst_cents::text as gst, taxable_cents::text as taxable, snapshot
      from invoices where snapshot->'billedTo'->>'programmeId' = ${String(p.id)}`;
    expect(invoice).toBeDefined();
    const [owed] = await api.db.sql<{ sum: string }[]>`
      select sum(company_paid_cents)::text as sum from orders where programme_id = ${p.id}`;
    expect(Number(invoice!.total)).toBe(Number(owed!.sum));
    expect(Number(invoice!.total)).toBe(3 * 21_800);
    expect(Number(invoice!.taxable) + Number(invoice!.gst)).toBe(Number(invoice!.total));
    expect(invoice!.snapshot.lines.map((l) => l.description)).toEqual(
      booked.map((b) => `Screening ${b.referenceNumber}`),
    );
    expect(invoice!.snapshot.lines.reduce((sum, l) => sum + l.amountCents, 0)).toBe(Number(invoice!.taxable));
    expect(invoice!.snapshot.customer.name).toBe('Acme Logistics Pte Ltd');
    expect(JSON.stringify(invoice!.snapshot)).not.toMatch(/Executive Screening|Asthma|S12345/);
    // a second close or sweep bills nothing again
    expect(
      await issueDueCompanyInvoices(api.db.sql, new Date(Date.now() + 40 * 86_400_000), {
        actor: 'test',
        programmeId: p.id,
      }),
    ).toEqual([]);

    // a billed booking cancelled: a credit note of the company's share against that invoice, once
    const cancel = await post(`/api/registrations/${booked[0]!.id}/cancel`, {});
    expect(cancel.statusCode, cancel.body).toBe(200);
    await expect
      .poll(
        async () =>
          (await api.db.sql`select status from orders where registration_id = ${booked[0]!.id}`)[0]!.status,
        { timeout: 10_000 },
      )
      .toBe('cancelled');
    const notes = await issueDueCompanyCreditNotes(api.db.sql, { actor: 'test' });
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      originalInvoiceNumber: invoice!.number,
      totalCents: 21_800,
      registrationId: booked[0]!.id,
    });
    expect(await issueDueCompanyCreditNotes(api.db.sql, { actor: 'test' })).toEqual([]);
    const documents = await admin('GET', `/api/admin/programmes/${p.id}/invoices`);
    expect(
      documents
        .json()
        .data.map((d: { number: string; kind: string; originalInvoiceNumber: string | null }) => [
          d.kind,
          d.originalInvoiceNumber,
        ]),
    ).toEqual([
      ['invoice', null],
      ['credit-note', invoice!.number],
    ]);
    const pdf = await admin('GET', `/api/admin/invoices/${invoice!.number}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');

    // a month that has ended is billed by the sweep, without a close
    const later = await programme({ code: 'acme-month', emailDomains: ['acme.sg'] });
    const { pass } = await passFor('acme-month', 'month@acme.sg');
    expect((await post('/api/registrations', booking(pass, 50, { email: 'month@acme.sg' }))).statusCode).toBe(
      201,
    );
    await ordersUnder(later.id, 1);
    const nextMonth = new Date(Date.now() + 35 * 86_400_000);
    const billed = await issueDueCompanyInvoices(api.db.sql, nextMonth, {
      actor: 'test',
      programmeId: later.id,
    });
    expect(billed.map((d) => d.totalCents)).toEqual([21_800]);
    expect(billed[0]!.billedTo).toMatchObject({
      programmeId: later.id,
      uen: '201912345K',
      gstRegistrationNumber: 'M90312345A',
    });
  });
  it('bills each programme once however many issuers run at once, in one gapless invoice sequence', async () => {
    // after the billing test above: the clinic's settings (prefix HS) are there
    for (let round = 1; round <= 5; round++) {
      const code = `acme-race-bill-${round}`;
      const p = await programme({ code, emailDomains: ['acme.sg'] });
      for (const n of [1, 2]) {
        const email = `rb${round}-${n}@acme.sg`;
        const { pass } = await passFor(code, email);
        const res = await post('/api/registrations', booking(pass, 60 + n, { email }));
        expect(res.statusCode, res.body).toBe(201);
      }
      await ordersUnder(p.id, 2);
      // bookings of a month that has ended, so the sweeps bill them too, on today's invoice numbers
      await api.db
        .sql`update orders set created_at = created_at - interval '40 days' where programme_id = ${p.id}`;
      // staff close the programme while six sweeps (as six workers would) bill it at once
      const [closed, ...sweeps] = await Promise.all([
        admin('POST', `/api/admin/programmes/${p.id}/close`),
        ...Array.from({ length: 6 }, () =>
          issueDueCompanyInvoices(api.db.sql, new Date(), { actor: 'test', programmeId: p.id }),
        ),
      ]);
      expect(closed!.statusCode, closed!.body).toBe(200);
      expect(sweeps.flat().length).toBeLessThanOrEqual(1);
      const lines = await api.db.sql<{ registrationId: number; n: number }[]>`
        select l.registration_id::int as "registrationId", count(*)::int as n
        from company_invoice_lines l join orders o on o.registration_id = l.registration_id
        where o.programme_id = ${p.id} group by 1`;
      expect(lines.map((l) => l.n)).toEqual([1, 1]);
      const invoices = await api.db.sql`select number from company_invoices where programme_id = ${p.id}`;
      expect(invoices).toHaveLength(1);
    }
    const sequences = await api.db.sql<{ stream: string; sequence: number }[]>`
      select sequence_stream as stream, sequence::int from invoices where kind = 'invoice'
      order by sequence_stream, sequence`;
    expect(sequences.length).toBeGreaterThanOrEqual(6);
    for (const stream of new Set(sequences.map((r) => r.stream))) {
      const numbers = sequences.filter((r) => r.stream === stream).map((r) => r.sequence);
      expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    }
  });
});
