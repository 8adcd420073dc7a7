import { describe, expect, it } from 'vitest';
import { orderHistoryProjection, summarize } from '../src/order-history';

/**
 * The timeline holds exactly one line per event of an order's stream (tests/system checks it against
 * the log); the invoices and credit notes issued on it (issue 25) are such events.
 */
describe('order history', () => {
  it('takes DocumentIssued and says which document was issued and for how much', () => {
    expect(Object.keys(orderHistoryProjection.handlers)).toContain('DocumentIssued');
    expect(
      summarize({
        type: 'DocumentIssued',
        data: { kind: 'invoice', number: 'HS-2026-000012', refundId: null, totalCents: 12_345, at: 'x' },
      }),
    ).toBe('Invoice HS-2026-000012 issued (S$123.45)');
    expect(
      summarize({
        type: 'DocumentIssued',
        data: { kind: 'credit-note', number: 'HS-CN-2026-000003', refundId: 'r1', totalCents: 500, at: 'x' },
      }),
    ).toBe('Credit note HS-CN-2026-000003 issued (S$5.00)');
  });
});
