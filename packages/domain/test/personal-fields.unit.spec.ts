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

  it('with `only`, gives exactly the fields of the full map whose name is in it, in the same order', () => {
    const booking = {
      contact: {
        firstName: 'Mei',
        identificationNumber: 'S1234567D',
        dateOfBirth: '1980-01-02',
        medicalConditions: 'none',
      },
      participants: [
        {
          participantId: 'p1',
          isPrimary: true,
          firstName: 'Mei',
          identificationNumber: 'S1234567D',
          dateOfBirth: null,
        },
        { participantId: 'p2', isPrimary: false, lastName: 'Tan', dateOfBirth: '2010-05-06' },
      ],
    };
    const invoice = {
      customer: { name: 'Mei Tan', address: '1 Road' },
      customerParticipantId: 'p1',
      lines: [{ person: 'Mei Tan' }],
    };
    for (const only of [
      new Set(['identificationNumber', 'dateOfBirth', 'medicalConditions']),
      new Set(['person']),
      new Set<string>(),
    ]) {
      for (const [type, data] of [
        ['RegistrationBooked', booking],
        ['InvoiceIssued', invoice],
        ['ParticipantAdded', { participant: booking.participants[1] }],
      ] as const) {
        const all = personalFieldsOf(type, data);
        expect(personalFieldsOf(type, data, only)).toEqual(
          all.filter((f) => only.has(String(f.path[f.path.length - 1]))),
        );
      }
    }
    expect(personalFieldsOf('RegistrationBooked', booking, new Set(['dateOfBirth']))).toEqual([
      { path: ['contact', 'dateOfBirth'], owner: owner('p1') },
      { path: ['participants', 1, 'dateOfBirth'], owner: owner('p2') },
    ]);
  });
});
