/**
 * Issue 48: the back office splits money by how it was paid. Three orders of one price, paid by PayNow
 * (part refunded through Stripe), by card and in cash at the desk: the orders CSV, the Reports tab's
 * payments series and the GST report each give every method its own figures, and the documents name
 * the method.
 */
import { issueCreditNote, issueInvoice } from '@hs/commands';
import { registrationStream, singaporeToday } from '@hs/domain';
import { readStream } from '@hs/eventstore';
import { type OrderRow, readOrderAtVersion } from '@hs/read-models';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { poll, usePayNowStack } from './paynow-fixture';

describe('amounts split by payment method (issue 48)', () => {
  const { f, booked, paidByPayNow, refund, stateOf } = usePayNowStack();
  const worker = { actor: 'worker:test' };

  /** The order as the read model has it once it applied the stream's last event. */
  const projected = async (id: number): Promise<OrderRow> => {
    const version = (await readStream(f.api.db.sql, registrationStream(id).id)).at(-1)!.version;
    return readOrderAtVersion(f.api.db.sql, id, version, 30_000);
  };
  const csvRows = (text: string) => parse(text, { columns: true, bom: true }) as Record<string, string>[];

  it('gives each method its own figures in the orders CSV, the Reports tab and the GST report', async () => {
    const byPayNow = await paidByPayNow();
    const refunded = await refund(byPayNow.id, { amount: '20.00', reason: 'One test not done' });
    expect(refunded.statusCode, refunded.body).toBe(201);
    await expect.poll(async () => (await stateOf(byPayNow.id)).refundedCents, poll).toBe(2000);

    const byCard = await booked('wide');
    const card = await f.api.app.inject({
      method: 'POST',
      url: '/api/payments/process',
      payload: { registrationId: byCard.id, nonce: 'fake-valid-nonce', amount: byCard.balanceDue },
    });
    expect(card.statusCode, card.body).toBe(200);

    const inCash = await booked('wide');
    const cash = await f.api.asAdmin({
      method: 'POST',
      url: `/api/admin/registrations/${inCash.id}/desk-payment`,
      payload: { method: 'cash' },
    });
    expect(cash.statusCode, cash.body).toBe(201);

    const [paynowOrder, cardOrder, cashOrder] = await Promise.all(
      [byPayNow, byCard, inCash].map((o) => projected(o.id)),
    );
    const price = byPayNow.cents;
    expect(paynowOrder!.paidByMethod).toEqual({ paynow: price });
    expect(cardOrder!.paidByMethod).toEqual({ card: price });
    expect(cashOrder!.paidByMethod).toEqual({ cash: price });

    // The orders CSV: the method and the paid amount in its own column.
    const exported = await f.api.asAdmin({ method: 'GET', url: '/api/admin/registrations/export' });
    expect(exported.statusCode).toBe(200);
    const rows = csvRows(exported.body);
    const row = (reference: string) => rows.find((r) => r.Reference === reference)!;
    const money = (cents: number) => (cents / 100).toFixed(2);
    expect(row(byPayNow.referenceNumber)).toMatchObject({
      'Payment Method': 'PayNow',
      'Paid: PayNow': money(price),
      'Paid: Card': '0.00',
      'Refunded Amount': '20.00',
    });
    expect(row(byCard.referenceNumber)['Paid: Card']).toBe(money(price));
    expect(row(inCash.referenceNumber)).toMatchObject({
      'Payment Method': 'Cash',
      'Paid: Cash': money(price),
    });

    // The Reports tab: this week's money in and out by method (the demo seed adds nothing here).
    type WeekRow = { method: string; received: string; refunded: string };
    const week = async (method: string) => {
      const insights = await f.api.asAdmin({ method: 'GET', url: '/api/admin/reports/insights' });
      expect(insights.statusCode, insights.body).toBe(200);
      return (insights.json().data.payments as WeekRow[])
        .filter((p) => p.method === method)
        .reduce(
          (sum, p) => ({
            received: sum.received + Number(p.received),
            refunded: sum.refunded + Number(p.refunded),
          }),
          { received: 0, refunded: 0 },
        );
    };
    await expect.poll(() => week('paynow').then((w) => w.refunded), poll).toBe(20);
    expect((await week('paynow')).received).toBeGreaterThanOrEqual(price / 100);
    expect((await week('cash')).received).toBe(price / 100);
    expect((await week('card')).received).toBeGreaterThanOrEqual(price / 100);

    // The GST report: the invoices and the credit note each count under their method.
    for (const order of [paynowOrder!, cardOrder!, cashOrder!]) {
      const invoice = await issueInvoice(f.api.db.sql, order, worker);
      expect(invoice.paymentMethod).toBe(Object.keys(order.paidByMethod)[0]);
    }
    const refundEvent = (await readStream(f.api.db.sql, registrationStream(byPayNow.id).id)).find(
      (e) => e.type === 'RefundRecorded',
    )!;
    const refundData = refundEvent.data as { refundId: string; amountCents: number; gateway?: 'paynow' };
    expect(refundData.gateway).toBe('paynow');
    const note = await issueCreditNote(
      f.api.db.sql,
      paynowOrder!,
      {
        refundId: refundData.refundId,
        amountCents: 2000,
        reason: 'One test not done',
        gateway: refundData.gateway,
      },
      worker,
    );
    expect(note.paymentMethod).toBe('paynow');

    const today = singaporeToday();
    const gst = await f.api.asAdmin({
      method: 'GET',
      url: `/api/admin/reports/gst?from=${today}&to=${today}`,
    });
    expect(gst.statusCode, gst.body).toBe(200);
    const totals = gst.json().data.totals as {
      taxableSales: string;
      creditNotes: string;
      byMethod: {
        method: string;
        label: string;
        taxableSales: string;
        creditNotes: string;
        invoiceCount: number;
      }[];
    };
    const of = (method: string) => totals.byMethod.find((b) => b.method === method)!;
    expect(of('paynow')).toMatchObject({
      label: 'PayNow',
      invoiceCount: 1,
      creditNotes: money(note.taxableCents),
    });
    expect(of('card').invoiceCount).toBe(1);
    expect(of('cash').invoiceCount).toBe(1);
    // The split adds up to the whole.
    const sum = (key: 'taxableSales' | 'creditNotes') =>
      totals.byMethod.reduce((t, b) => t + Math.round(Number(b[key]) * 100), 0);
    expect(sum('taxableSales')).toBe(Math.round(Number(totals.taxableSales) * 100));
    expect(sum('creditNotes')).toBe(Math.round(Number(totals.creditNotes) * 100));

    const csv = await f.api.asAdmin({
      method: 'GET',
      url: `/api/admin/reports/gst?from=${today}&to=${today}&format=csv`,
    });
    const total = csvRows(csv.body).find((r) => r.month === 'Total')!;
    expect(total.paynowNet).toBe(
      money(Math.round(Number(of('paynow').taxableSales) * 100) - note.taxableCents),
    );
    expect(total.cashNet).toBe(of('cash').taxableSales);
    expect(total.otherNet).toBe('0.00');
  });
});
