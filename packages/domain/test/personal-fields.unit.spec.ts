import { describe, expect, it } from 'vitest';
import { personalFieldsOf } from '../src/personal-fields';

const owner = (id: string) => ({ kind: 'participant', id });

describe('the personal field map (issue 24)', () => {
  it("an email fact's address belongs to its recipient; without one it stays unmapped", () => {
    expect(
      personalFieldsOf('EmailDeliveryFailed', {
        to: 'a@example.com',
        recipientId: 'p1',
        reason: '550 <a@example.com>: no such user',
      }),
    ).toEqual([
      { path: ['to'], owner: owner('p1') },
      { path: ['reason'], owner: owner('p1') },
    ]);
    for (const type of ['ConfirmationEmailSent', 'ReceiptEmailSent', 'RefundEmailSent']) {
      expect(personalFieldsOf(type, { to: 'a@example.com', recipientId: 'p1', at: 'x' })).toEqual([
        { path: ['to'], owner: owner('p1') },
      ]);
      expect(personalFieldsOf(type, { to: 'a@example.com', at: 'x' })).toEqual([]);
    }
  });

  it('other events with a `to` (a status, the primary changed) are not personal', () => {
    expect(personalFieldsOf('StatusChanged', { from: 'a', to: 'paid', recipientId: 'p1' })).toEqual([]);
    expect(
      personalFieldsOf('PrimaryParticipantChanged', { from: 'p1', to: 'p2', recipientId: 'p1' }),
    ).toEqual([]);
  });

  it("an issued invoice's customer and attendee names belong to the customer participant; discount lines and old documents stay unmapped", () => {
    const data = {
      invoiceNumber: 'INV-2026-000001',
      customer: { name: 'Mei Tan', address: '1 Orchard Road' },
      customerParticipantId: 'p1',
      lines: [
        { description: 'Basic', person: 'Mei Tan', quantity: 1, amountCents: 100 },
        { description: 'Member price', person: '', quantity: 1, amountCents: -10 },
        { description: 'Basic', person: 'Kid Tan', quantity: 1, amountCents: 100 },
      ],
    };
    expect(personalFieldsOf('InvoiceIssued', data)).toEqual([
      { path: ['customer', 'name'], owner: owner('p1') },
      { path: ['customer', 'address'], owner: owner('p1') },
      { path: ['lines', 0, 'person'], owner: owner('p1') },
      { path: ['lines', 2, 'person'], owner: owner('p1') },
    ]);
    const { customerParticipantId: _, ...before } = data;
    expect(personalFieldsOf('InvoiceIssued', before)).toEqual([]);
    expect(
      personalFieldsOf('CreditNoteIssued', { customer: data.customer, customerParticipantId: 'p1' }),
    ).toEqual([
      { path: ['customer', 'name'], owner: owner('p1') },
      { path: ['customer', 'address'], owner: owner('p1') },
    ]);
  });
});
