/**
 * Company billing's emails (issue 51): an issued company invoice or credit note reaches its billing
 * contact with its PDF, once; a mail server that fails leaves it owed, and the next sweep sends it. (Issuing the
 * invoices and credit notes is tested through the api: services/api/test/corporate.int.spec.ts.)
 */
import { type CreditNoteSnapshot, companyInvoiceAmounts, type InvoiceSnapshot } from '@hs/domain';
import type { Mailer, MailMessage } from '@hs/notifications';
import { type TestDatabase, testDatabase } from '@hs/testing';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCompanyBillingSweeper } from '../src/company-billing-sweeper';
import { pdfText } from './helpers';

/** The clinic issuing, and the company billed, on every document here. */
const CLINIC = {
  name: 'Clinic Pte Ltd',
  address: '1 Clinic Road',
  uen: '200000000D',
  gstRegistrationNumber: 'M90000000A',
};
const ACME = { name: 'Acme Logistics Pte Ltd', address: '10 Pandan Crescent' };

describe('company invoices by email', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await testDatabase();
  });
  afterAll(() => db.drop());

  async function issuedInvoice(number: string) {
    const [company] = await db.sql<{ id: number }[]>`
      insert into companies (name, uen, billing_address, billing_email, gst_registration_number)
      values ('Acme Logistics Pte Ltd', ${`2019${Math.floor(Math.random() * 1e5)}K`}, '10 Pandan Crescent', 'accounts@acme.sg', 'M90312345A')
      returning id`;
    const amounts = companyInvoiceAmounts(
      [
        {
          registrationId: 1,
          referenceNumber: 'HS-2611-0001',
          employee: 'ACME-101',
          companyPaidCents: 21_800,
        },
        {
          registrationId: 2,
          referenceNumber: 'HS-2611-0002',
          employee: 'ACME-102',
          companyPaidCents: 15_000,
        },
      ],
      900,
    );
    const snapshot: InvoiceSnapshot = {
      invoiceNumber: number,
      registrationId: 0,
      referenceNumber: 'ACME-2026 2026-11',
      sequence: 1,
      issuedAt: new Date().toISOString(),
      supplier: CLINIC,
      customer: ACME,
      ...amounts,
      gstRateBasisPoints: 900,
      supersedes: null,
      paymentMethod: null,
      billedTo: {
        companyId: company!.id,
        programmeId: 1,
        programmeName: 'Acme Wellness 2026',
        period: '2026-11',
        uen: '201912345K',
        gstRegistrationNumber: 'M90312345A',
        poReference: 'PO-42',
      },
    };
    await db.sql`
      insert into invoices (number, kind, registration_id, sequence_stream, sequence, issued_at, issued_month,
        taxable_cents, gst_cents, total_cents, payment_method, snapshot)
      values (${number}, 'invoice', 0, ${`test-${number}`}, 1, now(), '2026-11', ${amounts.taxableCents},
        ${amounts.gstCents}, ${amounts.totalCents}, 'other', ${db.sql.json(snapshot as never)})`;
    await db.sql`
      insert into company_invoices (number, company_id, programme_id, period, issued_at)
      values (${number}, ${company!.id}, 1, '2026-11', now())`;
  }

  async function sweepOnce(mailer: Mailer) {
    const sweeper = startCompanyBillingSweeper({
      sql: db.sql,
      mailer,
      everyMs: 3_600_000,
      clock: () => new Date(),
      log: pino({ level: 'silent' }),
    });
    await new Promise((r) => setTimeout(r, 1_500));
    await sweeper.stop();
  }

  it('emails the PDF to the billing contact once, and again after a failed attempt', async () => {
    await issuedInvoice('HS-2026-000900');
    const failing: Mailer = {
      send: async () => {
        throw new Error('451 try again later');
      },
      close: async () => {},
    };
    await sweepOnce(failing);
    const [owed] = await db.sql`select emailed_at from company_invoices where number = 'HS-2026-000900'`;
    expect(owed!.emailed_at).toBeNull();

    const sent: MailMessage[] = [];
    const mailer: Mailer = {
      send: async (m) => {
        sent.push(m);
        return { messageId: `m${sent.length}` };
      },
      close: async () => {},
    };
    await sweepOnce(mailer);
    await sweepOnce(mailer);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe('accounts@acme.sg');
    expect(sent[0]!.subject).toContain('HS-2026-000900');
    const pdf = await pdfText(Buffer.from(sent[0]!.attachments![0]!.content));
    for (const text of [
      'HS-2026-000900',
      '201912345K',
      'PO-42',
      'M90000000A',
      'HS-2611-0001',
      'ACME-102',
      'GST',
    ])
      expect(pdf).toContain(text);
    const [done] = await db.sql`select emailed_at from company_invoices where number = 'HS-2026-000900'`;
    expect(done!.emailed_at).not.toBeNull();
  });
  it("emails a credit note against the company's invoice to the billing contact once, and again after a failed attempt", async () => {
    await issuedInvoice('HS-2026-000910');
    // the invoice's own email is not what this test counts
    await db.sql`update company_invoices set emailed_at = now() where number = 'HS-2026-000910'`;
    const note: CreditNoteSnapshot = {
      creditNoteNumber: 'HS-CN-2026-000911',
      registrationId: 1,
      referenceNumber: 'HS-2611-0001',
      sequence: 1,
      issuedAt: new Date().toISOString(),
      originalInvoiceNumber: 'HS-2026-000910',
      refundId: 'company:HS-2026-000910:1',
      reason: "Booking HS-2611-0001 cancelled: the company's share credited",
      supplier: CLINIC,
      customer: ACME,
      totalCents: 21_800,
      gstCents: 1_800,
      taxableCents: 20_000,
      gstRateBasisPoints: 900,
      paymentMethod: 'other',
    };
    await db.sql`
      insert into invoices (number, kind, registration_id, sequence_stream, sequence, issued_at, issued_month,
        taxable_cents, gst_cents, total_cents, original_number, refund_id, payment_method, snapshot)
      values ('HS-CN-2026-000911', 'credit-note', 1, 'test-cn-000911', 1, now(), '2026-11', 20000, 1800, 21800,
        'HS-2026-000910', 'company:HS-2026-000910:1', 'other', ${db.sql.json(note as never)})`;
    await sweepOnce({
      send: async () => {
        throw new Error('451 try again later');
      },
      close: async () => {},
    });
    expect(
      await db.sql`select 1 from company_credit_note_emails where number = 'HS-CN-2026-000911'`,
    ).toHaveLength(0);

    // an invoice the mail server keeps refusing, issued before the note, holds the note back no longer
    await issuedInvoice('HS-2026-000912');
    await db.sql`update company_invoices set issued_at = now() - interval '1 day' where number = 'HS-2026-000912'`;
    const sent: MailMessage[] = [];
    const mailer: Mailer = {
      send: async (m) => {
        if (m.subject.includes('HS-2026-000912')) throw new Error('550 mailbox unavailable');
        sent.push(m);
        return { messageId: `m${sent.length}` };
      },
      close: async () => {},
    };
    await sweepOnce(mailer);
    await sweepOnce(mailer);
    const [refused] = await db.sql`select emailed_at from company_invoices where number = 'HS-2026-000912'`;
    expect(refused!.emailed_at).toBeNull();
    expect(sent.map((m) => [m.to, m.subject])).toEqual([
      ['accounts@acme.sg', 'Credit note HS-CN-2026-000911 against invoice HS-2026-000910'],
    ]);
    const pdf = await pdfText(Buffer.from(sent[0]!.attachments![0]!.content));
    for (const text of ['HS-CN-2026-000911', 'HS-2026-000910', 'M90000000A', 'GST'])
      expect(pdf).toContain(text);
  });
});
