/**
 * Issue 25: tax invoices and credit notes issued from the log, end to end on real Postgres: company
 * settings and their refusals, the tax invoice PDF read back with pdftotext, gapless numbering under
 * 200 concurrent bookings and payments issued from two connection pools (as the api and the worker
 * processes would), an issued invoice unchanged after a refund and its credit note, the GST report
 * against the sum of the issued documents, and a supplier without a GST number.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { issueCreditNote, issueInvoice } from '@hs/commands';
import { type Sql, connect } from '@hs/db';
import { formatInstantDate, singaporeYear } from '@hs/domain';
import { type Runner, readStream, startProjectionRunner } from '@hs/eventstore';
import { createTestPaymentGateway } from '@hs/gateways';
import { projections, readOrderAtVersion } from '@hs/read-models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApiConfig } from '../src/config';
import { type TestApi, startTestApi } from './helpers';

const SETTINGS = {
  companyName: 'Demo Health Screening Pte Ltd',
  address: '10 Anson Road, #20-01, Singapore 079903',
  uen: '201912345K',
  gstRegistrationNumber: 'M90000000A',
  invoicePrefix: 'HS',
};

async function pdftotext(pdf: Buffer): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'hs-invoice-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    await writeFile(file, pdf);
    const { stdout } = await promisify(execFile)('pdftotext', ['-layout', file, '-']);
    return stdout.replace(/[ \t]+/g, ' ');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('tax invoices and credit notes (issue 25)', () => {
  let api: TestApi;
  let runner: Runner;
  let other: Sql;
  const gateway = createTestPaymentGateway();
  let eventId: number;
  let packageId: number;
  const slots: number[] = [];
  let people = 0;
  const year = singaporeYear(new Date());

  const admin = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
    api.asAdmin({ method, url, payload });
  const who = (i: number) => ({
    firstName: 'Mei',
    lastName: `Ling${i}`,
    email: `inv${i}@example.com`,
    mobileNumber: '91234567',
    gender: 'female',
    identificationNumber: `S1${String(i).padStart(6, '0')}A`,
    dateOfBirth: '1985-02-03',
    postalCode: '560123',
    address: '1 Street',
  });

  /** A booking of one Basic Health (S$139.52 with GST) paid by card; the order once projected. */
  const paidOrder = async () => {
    people += 1;
    const i = people;
    const booked = await api.app.inject({
      method: 'POST',
      url: '/api/registrations',
      payload: { eventId, packageId, timeslotId: slots[i % slots.length], ...who(i) },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const id = booked.json().data.id as number;
    const paid = await api.app.inject({
      method: 'POST',
      url: '/api/payments/process',
      payload: { registrationId: id, nonce: 'fake-valid-nonce', amount: '139.52' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const version = (await readStream(api.db.sql, `registration-${id}`)).at(-1)!.version;
    return readOrderAtVersion(api.db.sql, id, version, 30_000);
  };
  const worker = { actor: 'worker:test' };
  const pdfOf = async (number: string) => {
    const res = await admin('GET', `/api/admin/invoices/${number}/pdf`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    return res.rawPayload;
  };

  beforeAll(async () => {
    api = await startTestApi(
      { rateLimits: { ...testApiConfig().rateLimits, enabled: false } },
      { world: { payments: { test: gateway, live: createTestPaymentGateway() } } },
    );
    other = connect(api.db.url, { max: 10 });
    runner = startProjectionRunner(api.db.sql, projections, { pollMs: 50 });
    packageId = (await admin('POST', '/api/admin/packages', { name: 'Basic Health', price: '128' })).json()
      .data.id;
    eventId = (
      await admin('POST', '/api/admin/events', {
        name: 'Invoice Screening',
        slug: 'invoice-screening',
        packageIds: [packageId],
      })
    ).json().data.id;
    for (let d = 0; d < 8; d++) {
      const date = new Date(Date.now() + (10 + d) * 86_400_000).toISOString().slice(0, 10);
      const res = await admin('POST', `/api/admin/events/${eventId}/timeslots`, {
        date,
        time: '10:00',
        maxAttendees: 500,
      });
      expect(res.statusCode, res.body).toBe(201);
      slots.push(res.json().data.id as number);
    }
  });
  afterAll(async () => {
    await runner.stop();
    await other.end();
    await api.close();
  });

  it('company settings: admin only, checked with clear 400 messages, audited', async () => {
    const empty = await admin('GET', '/api/admin/company-settings');
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data.gstRegistered).toBe(false);
    const bad = await admin('PUT', '/api/admin/company-settings', { ...SETTINGS, uen: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^UEN must look like/);
    const badGst = await admin('PUT', '/api/admin/company-settings', {
      ...SETTINGS,
      gstRegistrationNumber: '12',
    });
    expect(badGst.statusCode).toBe(400);
    expect(badGst.json().errors).toEqual([
      { field: 'gstRegistrationNumber', message: expect.stringMatching(/^GST registration number/) },
    ]);
    const badPrefix = await admin('PUT', '/api/admin/company-settings', {
      ...SETTINGS,
      invoicePrefix: 'hs_1',
    });
    expect(badPrefix.statusCode).toBe(400);
    expect(badPrefix.json().message).toContain('Invoice prefix');
    const ok = await admin('PUT', '/api/admin/company-settings', SETTINGS);
    expect(ok.statusCode, ok.body).toBe(200);
    // issue 46: the contact details are optional, empty when not given
    expect(ok.json().data).toEqual({ ...SETTINGS, contactPhone: '', contactEmail: '', gstRegistered: true });
    const [audit] = await api.db.sql<{ entity_id: string }[]>`
      select entity_id from audit_log where entity = 'system_setting' and entity_id = 'company_settings'`;
    expect(audit).toBeDefined();
  });

  it('gapless: 200 concurrent bookings and payments, each invoiced twice at once from two pools, take 1..200 once each', async () => {
    const orders = await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        const order = await paidOrder();
        // the api-side and the worker-side issuer race for the same order
        const [a, b] = await Promise.all([
          issueInvoice(i % 2 ? api.db.sql : other, order, worker),
          issueInvoice(i % 2 ? other : api.db.sql, order, worker),
        ]);
        expect(a.invoiceNumber).toBe(b.invoiceNumber);
        return { order, number: a.invoiceNumber };
      }),
    );
    const numbers = orders.map((o) => o.number).sort();
    expect(new Set(numbers).size).toBe(200);
    expect(numbers).toEqual(
      Array.from({ length: 200 }, (_, i) => `HS-${year}-${String(i + 1).padStart(6, '0')}`),
    );
    const seq = await readStream(api.db.sql, `invoice-sequence-invoice-HS-${year}`);
    expect(seq.map((e) => e.version)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    expect(seq.map((e) => (e.data as { sequence: number }).sequence)).toEqual(seq.map((e) => e.version));
    const perOrder = await api.db.sql<{ n: string }[]>`
      select count(*)::text as n from invoices where kind = 'invoice' group by registration_id having count(*) > 1`;
    expect(perOrder).toEqual([]);
    // 400 bookings, payments and issues on a shared 2-core machine: no timing is asserted, only room given
  }, 300_000);

  it('the tax invoice PDF holds every field IRAS asks for', async () => {
    const order = await paidOrder();
    const invoice = await issueInvoice(api.db.sql, order, worker);
    const text = await pdftotext(await pdfOf(invoice.invoiceNumber));
    // the one English date format (issue 46), in Singapore time
    const date = formatInstantDate('en', invoice.issuedAt);
    for (const expected of [
      'Tax Invoice',
      `Supplier ${SETTINGS.companyName}`,
      `Address ${SETTINGS.address}`,
      'GST reg. no. M90000000A',
      'UEN 201912345K',
      `Invoice number ${invoice.invoiceNumber}`,
      `Invoice date ${date}`,
      `Customer Mei Ling${people}`,
      'Address 1 Street, Singapore 560123',
      `Basic Health Mei Ling${people} 1 S$128.00`,
      'Total before GST S$128.00',
      'GST 9% S$11.52',
      'Total payable (SGD) S$139.52',
    ]) {
      expect(text).toContain(expected);
    }
    const listed = await admin('GET', `/api/admin/registrations/${order.registrationId}/invoices`);
    expect(listed.json().data).toEqual([
      {
        number: invoice.invoiceNumber,
        kind: 'invoice',
        title: 'Tax Invoice',
        issuedAt: invoice.issuedAt,
        total: '139.52',
        gst: '11.52',
        originalInvoiceNumber: null,
        refundId: null,
      },
    ]);
  });

  it('an order refunded after invoicing keeps its invoice byte for byte and gets a credit note against it', async () => {
    const order = await paidOrder();
    const invoice = await issueInvoice(api.db.sql, order, worker);
    const before = await pdfOf(invoice.invoiceNumber);
    gateway.settle(order.transactionId!); // a part of a settled sale can be refunded
    const refunded = await admin('POST', `/api/admin/registrations/${order.registrationId}/refunds`, {
      amount: '50.00',
      reason: 'One test skipped',
    });
    expect(refunded.statusCode, refunded.body).toBe(201);
    const refundId = refunded.json().data.id as string;
    const version = (await readStream(api.db.sql, `registration-${order.registrationId}`)).at(-1)!.version;
    const changed = await readOrderAtVersion(api.db.sql, order.registrationId, version, 30_000);
    const note = await issueCreditNote(
      other,
      changed,
      { refundId, amountCents: 5_000, reason: 'One test skipped' },
      worker,
    );
    // the same refund again (a retried job) is the same credit note
    const again = await issueCreditNote(
      api.db.sql,
      changed,
      { refundId, amountCents: 5_000, reason: 'One test skipped' },
      worker,
    );
    expect(again.creditNoteNumber).toBe(note.creditNoteNumber);
    expect(note.creditNoteNumber).toMatch(new RegExp(`^HS-CN-${year}-\\d{6}$`));
    expect(note.originalInvoiceNumber).toBe(invoice.invoiceNumber);
    expect(Buffer.compare(await pdfOf(invoice.invoiceNumber), before)).toBe(0);
    expect((await issueInvoice(api.db.sql, changed, worker)).invoiceNumber).toBe(invoice.invoiceNumber);
    const text = await pdftotext(await pdfOf(note.creditNoteNumber));
    for (const expected of [
      'Credit Note',
      `Credit note number ${note.creditNoteNumber}`,
      `Original invoice ${invoice.invoiceNumber}`,
      'Amount before GST S$45.87',
      'GST 9% S$4.13',
      'Total credited (SGD) S$50.00',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('an order grown after invoicing keeps its first invoice and gets a further one for what it adds, referencing it', async () => {
    // a paid order cannot change; one staff confirmed before payment (invoiced then) can
    people += 1;
    const booked = await api.app.inject({
      method: 'POST',
      url: '/api/registrations',
      payload: { eventId, packageId, timeslotId: slots[0], ...who(people) },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const id = booked.json().data.id as number;
    const confirmed = await admin('PATCH', `/api/admin/registrations/${id}`, { status: 'confirmed' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const v1 = (await readStream(api.db.sql, `registration-${id}`)).at(-1)!.version;
    const order = await readOrderAtVersion(api.db.sql, id, v1, 30_000);
    const first = await issueInvoice(api.db.sql, order, worker);
    const before = await pdfOf(first.invoiceNumber);
    const added = await api.app.inject({
      method: 'POST',
      url: '/api/participants',
      payload: {
        registrationId: order.registrationId,
        referenceNumber: order.referenceNumber,
        firstName: 'Kid',
        lastName: 'Tan',
        gender: 'Female',
        identificationNumber: 'T0112345Z',
        dateOfBirth: '2012-03-04',
        packageId,
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    const version = (await readStream(api.db.sql, `registration-${order.registrationId}`)).at(-1)!.version;
    const grown = await readOrderAtVersion(api.db.sql, order.registrationId, version, 30_000);
    const [a, b] = await Promise.all([
      issueInvoice(api.db.sql, grown, worker),
      issueInvoice(other, grown, worker),
    ]);
    expect(a.invoiceNumber).toBe(b.invoiceNumber);
    expect(a.invoiceNumber).not.toBe(first.invoiceNumber);
    expect(a.supersedes).toBe(first.invoiceNumber);
    // two people: 5% volume discount on 2 x 128.00 = 243.20 before GST; the first invoice had 128.00
    expect(a.lines).toEqual([
      { description: 'Basic Health', person: 'Kid Tan', quantity: 1, amountCents: 12_800 },
      { description: 'Volume discount 5%', person: '', quantity: 1, amountCents: -1_280 },
    ]);
    expect(a.taxableCents).toBe(24_320 - 12_800);
    expect(first.totalCents + a.totalCents).toBe(grown.pricing.totalCents);
    expect(Buffer.compare(await pdfOf(first.invoiceNumber), before)).toBe(0);
    // nothing more to invoice: the latest invoice again
    expect((await issueInvoice(api.db.sql, grown, worker)).invoiceNumber).toBe(a.invoiceNumber);
    const text = await pdftotext(await pdfOf(a.invoiceNumber));
    expect(text).toContain(`Adds to invoice ${first.invoiceNumber}`);
  });

  it('the GST report equals the sum of the issued invoices and credit notes, to the cent, as JSON and CSV', async () => {
    // every document here was issued today: this month, from its first day to today (Singapore)
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Singapore' }).format(new Date());
    const month = today.slice(0, 7);
    const from = `${month}-01`;
    const end = today;
    const all = await api.db.sql<
      { kind: string; method: string; snapshot: { taxableCents: number; gstCents: number } }[]
    >`select kind, payment_method as method, snapshot from invoices`;
    let docs = [...all];
    const sum = (kind: string, f: 'taxableCents' | 'gstCents') =>
      docs.filter((d) => d.kind === kind).reduce((s, d) => s + d.snapshot[f], 0);
    const money = (c: number) => (c / 100).toFixed(2);
    const res = await admin('GET', `/api/admin/reports/gst?from=${from}&to=${end}`);
    expect(res.statusCode, res.body).toBe(200);
    const { totals, months } = res.json().data;
    expect(months).toHaveLength(1);
    const figuresOf = () => ({
      taxableSales: money(sum('invoice', 'taxableCents')),
      gstCollected: money(sum('invoice', 'gstCents')),
      creditNotes: money(sum('credit-note', 'taxableCents')),
      creditNoteGst: money(sum('credit-note', 'gstCents')),
      net: money(sum('invoice', 'taxableCents') - sum('credit-note', 'taxableCents')),
      netGst: money(sum('invoice', 'gstCents') - sum('credit-note', 'gstCents')),
      invoiceCount: docs.filter((d) => d.kind === 'invoice').length,
      creditNoteCount: docs.filter((d) => d.kind === 'credit-note').length,
    });
    const figures = figuresOf();
    expect(figures.creditNoteCount).toBe(1);
    // Split by method (issue 48): the orders here were paid by card (the refund given back to the card),
    // and the few invoiced before they were paid count as 'other'; each group sums its own documents.
    const byMethod = ['card', 'other'].map((method) => {
      docs = all.filter((d) => d.method === method);
      return { method, label: method === 'card' ? 'Card' : 'Other or not yet paid', ...figuresOf() };
    });
    docs = [...all];
    expect(byMethod[0]!.creditNoteCount).toBe(1);
    expect(totals).toEqual({
      ...figures,
      byMethod: byMethod.filter((b) => b.invoiceCount + b.creditNoteCount > 0),
    });
    expect(months[0]).toEqual({ month, ...totals });
    const csv = await admin('GET', `/api/admin/reports/gst?from=${from}&to=${end}&format=csv`);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    // the columns of issue 25 keep their places; each method's net and net GST follow (issue 48)
    expect(lines[0]).toBe(
      'month,taxableSales,gstCollected,creditNotes,creditNoteGst,net,netGst,invoiceCount,creditNoteCount,' +
        'cardNet,cardNetGst,paynowNet,paynowNetGst,cashNet,cashNetGst,netsNet,netsNetGst,' +
        'card_terminalNet,card_terminalNetGst,partnerNet,partnerNetGst,otherNet,otherNetGst',
    );
    expect(lines[2]).toBe(
      `Total,${totals.taxableSales},${totals.gstCollected},${totals.creditNotes},${totals.creditNoteGst},${totals.net},${totals.netGst},${totals.invoiceCount},1,${byMethod[0]!.net},${byMethod[0]!.netGst}${',0.00'.repeat(10)},${byMethod[1]!.net},${byMethod[1]!.netGst}`,
    );
    for (const q of [
      'from=2026-02-30&to=2026-03-01',
      'from=2026-03-01',
      'from=x&to=2026-03-01',
      'from=2026-03-02&to=2026-03-01',
      // no Date at all, and the year 0 Postgres has not (once a 500)
      'from=0000-00-00&to=2026-03-01',
      'from=2026-03-01&to=0000-00-00',
      'from=0000-01-01&to=2026-03-01',
    ]) {
      const badRes = await admin('GET', `/api/admin/reports/gst?${q}`);
      expect(badRes.statusCode, q).toBe(400);
      expect(badRes.json().success).toBe(false);
    }
  });

  it('without a GST number: an "Invoice" without GST lines, still numbered in sequence', async () => {
    const put = await admin('PUT', '/api/admin/company-settings', { ...SETTINGS, gstRegistrationNumber: '' });
    expect(put.json().data.gstRegistered).toBe(false);
    const order = await paidOrder();
    const invoice = await issueInvoice(api.db.sql, order, worker);
    expect(invoice.gstCents).toBe(0);
    const text = await pdftotext(await pdfOf(invoice.invoiceNumber));
    expect(text).toContain('Invoice');
    expect(text).not.toContain('Tax Invoice');
    expect(text).not.toContain('GST');
    expect(text).toContain('Total payable (SGD) S$139.52');
    await admin('PUT', '/api/admin/company-settings', SETTINGS);
  });

  it("the admin's invoice preview (/api/test-pdf) is drawn like an issued invoice of the company settings", async () => {
    const preview = async () => {
      const res = await admin('GET', '/api/test-pdf?type=invoice');
      expect(res.statusCode, res.body).toBe(200);
      return pdftotext(res.rawPayload);
    };
    const text = await preview();
    expect(text).toContain('Tax Invoice');
    expect(text).toContain('Invoice number HS-2025-000123');
    expect(text).not.toContain('INV-');
    for (const field of [
      SETTINGS.companyName,
      SETTINGS.address,
      SETTINGS.uen,
      SETTINGS.gstRegistrationNumber,
    ])
      expect(text).toContain(field);
    expect(text).toContain('Total before GST S$427.50');
    expect(text).toContain('GST 9% S$38.48');
    expect(text).toContain('Total payable (SGD) S$465.98');

    await admin('PUT', '/api/admin/company-settings', {
      ...SETTINGS,
      gstRegistrationNumber: '',
      invoicePrefix: 'CL',
    });
    try {
      const plain = await preview();
      expect(plain).toContain('Invoice number CL-2025-000123');
      expect(plain).not.toContain('Tax Invoice');
      expect(plain).not.toContain('GST');
      expect(plain).toContain('Total payable (SGD) S$465.98');
    } finally {
      await admin('PUT', '/api/admin/company-settings', SETTINGS);
    }
  });
});
