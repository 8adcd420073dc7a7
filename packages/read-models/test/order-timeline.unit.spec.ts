import { describe, expect, it } from 'vitest';
import { TIMELINE_EVENT_TYPES, summarize } from '../src/order-timeline';

/** The invoices and credit notes issued on an order (issue 25) are lines of its timeline. */
describe('order timeline', () => {
  it('lists DocumentIssued and says which document was issued and for how much', () => {
    expect(TIMELINE_EVENT_TYPES.has('DocumentIssued')).toBe(true);
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
