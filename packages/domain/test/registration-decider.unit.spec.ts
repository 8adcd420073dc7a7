import { describe, expect, it } from 'vitest';
import {
  type RegistrationEvent,
  domainErrorHttpStatus,
  outstandingCents,
  priceRegistration,
  registrationDecider,
  seatsHeld,
} from '../src';
import { fold, spec } from './given-when-then';
import { at, book, booked, person, tenPercent } from './registration-fixtures';

const given = spec(registrationDecider);

describe('booking a registration', () => {
  it('records RegistrationBooked with the priced snapshot, awaiting payment', () => {
    const events = booked([person('p1')]);
    expect(events).toHaveLength(1);
    const [e] = events;
    expect(e!.type).toBe('RegistrationBooked');
    if (e!.type !== 'RegistrationBooked') return;
    expect(e!.data.status).toBe('pending_payment');
    expect(e!.data.participants[0]!.isPrimary).toBe(true);
    expect(e!.data.pricing).toMatchObject({
      subtotalCents: 20000,
      gstCents: 1800,
      totalCents: 21800,
      balanceDueCents: 21800,
    });
    // plain JSON
    expect(JSON.parse(JSON.stringify(e))).toEqual(e);
  });

  it('prices members, volume, discount and partner payment', () => {
    const [e] = booked([person('p1', { memberVerified: true }), person('p2')], {
      discount: tenPercent,
      partner: { bookingCode: '123456789012', paidCents: 10000, isPaid: true },
    });
    if (e!.type !== 'RegistrationBooked') throw new Error();
    // (15000 + 20000) x 0.95 = 33250; -10% = 29925; GST 2693.25 -> 2693; total 32618; -100.00
    expect(e!.data.pricing).toMatchObject({
      subtotalCents: 33250,
      discountCents: 3325,
      taxableCents: 29925,
      gstCents: 2693,
      totalCents: 32618,
      balanceDueCents: 22618,
    });
  });

  it('starts paid when the partner covered everything, confirmed when nothing is due', () => {
    const [paid] = booked([person('p1')], {
      partner: { bookingCode: '123456789012', paidCents: 21800, isPaid: true },
    });
    expect(paid!.type === 'RegistrationBooked' && paid!.data.status).toBe('paid');
    const [free] = booked([person('p1')], {
      discount: { ...tenPercent, rule: { type: 'percentage', percent: 100 } },
    });
    expect(free!.type === 'RegistrationBooked' && free!.data.status).toBe('confirmed');
  });

  it('keeps exactly one primary', () => {
    const [e] = booked([person('p1'), person('p2', { isPrimary: true }), person('p3', { isPrimary: true })]);
    if (e!.type !== 'RegistrationBooked') throw new Error();
    expect(e!.data.participants.map((p) => p.isPrimary)).toEqual([false, true, false]);
  });

  it('refuses a second booking, no participants, or more than 10', () => {
    given(booked([person('p1')]))
      .when(book([person('p1')]))
      .thenError({ code: 'ALREADY_EXISTS' });
    given([]).when(book([])).thenError({ message: 'A registration needs at least one participant' });
    const r = given([]).when(book(Array.from({ length: 11 }, (_, i) => person(`p${i}`))));
    r.thenError({ code: 'TOO_MANY_PARTICIPANTS', message: 'A booking can have at most 10 participants' });
    expect(domainErrorHttpStatus(r.result as never)).toBe(400);
  });
});

describe('participants', () => {
  const start = () => booked([person('p1'), person('p2', { firstName: 'Wei' })]);

  it('adds a participant and re-prices with the volume discount', () => {
    const state = given(start())
      .when({ type: 'AddParticipant', participant: person('p3', { isPrimary: true }), at })
      .thenEvents([
        {
          type: 'ParticipantAdded',
          data: {
            participant: person('p3'),
            pricing: priceRegistration([person('p1'), person('p2'), person('p3')], null, null),
            at,
          },
        },
      ]);
    expect(state.pricing!.subtotalCents).toBe(54000); // 3 x 200.00 x 0.90
    expect(seatsHeld(state)).toBe(3);
  });

  it('refuses an 11th participant and a duplicate id', () => {
    const ten = booked(Array.from({ length: 10 }, (_, i) => person(`p${i}`)));
    given(ten)
      .when({ type: 'AddParticipant', participant: person('x'), at })
      .thenError({ message: 'A booking can have at most 10 participants' });
    given(start())
      .when({ type: 'AddParticipant', participant: person('p2'), at })
      .thenError({ code: 'ALREADY_EXISTS' });
  });

  it('updates details; leaving the member programme drops the member price', () => {
    const events = booked([
      person('p1', { isAiaMember: true, memberVerified: true, aiaMemberId: 'S1234567D' }),
    ]);
    const state = given(events)
      .when({ type: 'UpdateParticipant', participantId: 'p1', changes: { isAiaMember: false }, at })
      .thenEvents([
        {
          type: 'ParticipantUpdated',
          data: {
            participantId: 'p1',
            changes: { isAiaMember: false },
            pricing: priceRegistration([person('p1')], null, null),
            at,
          },
        },
      ]);
    expect(state.participants[0]).toMatchObject({
      isAiaMember: false,
      memberVerified: false,
      aiaMemberId: null,
    });
    expect(state.pricing!.totalCents).toBe(21800);
    given(events)
      .when({ type: 'UpdateParticipant', participantId: 'nope', changes: {}, at })
      .thenError({ code: 'NOT_FOUND', message: 'Participant not found' });
  });

  it('removes a participant but never the primary while others exist', () => {
    given(start()).when({ type: 'RemoveParticipant', participantId: 'p1', at }).thenError({
      code: 'PRIMARY_REQUIRED',
      message: 'Cannot Remove Primary Participant - Please assign another participant as primary first.',
    });
    const state = given(start())
      .when({ type: 'RemoveParticipant', participantId: 'p2', at })
      .thenEvents([
        {
          type: 'ParticipantRemoved',
          data: {
            participantId: 'p2',
            pricing: priceRegistration([person('p1', { isPrimary: true })], null, null),
            at,
          },
        },
      ]);
    expect(state.participants.map((p) => p.participantId)).toEqual(['p1']);
    given(booked([person('p1')]))
      .when({ type: 'RemoveParticipant', participantId: 'p1', at })
      .thenError({ message: 'The last participant cannot be removed' });
    given(start())
      .when({ type: 'RemoveParticipant', participantId: 'zz', at })
      .thenError({ code: 'NOT_FOUND' });
  });

  it('changes the primary, unsetting the previous one', () => {
    const state = given(start())
      .when({ type: 'ChangePrimaryParticipant', participantId: 'p2', at })
      .thenEvents([{ type: 'PrimaryParticipantChanged', data: { from: 'p1', to: 'p2', at } }]);
    expect(state.participants.map((p) => [p.participantId, p.isPrimary])).toEqual([
      ['p1', false],
      ['p2', true],
    ]);
    given(start()).when({ type: 'ChangePrimaryParticipant', participantId: 'p1', at }).thenEvents([]);
    given(start())
      .when({ type: 'ChangePrimaryParticipant', participantId: 'zz', at })
      .thenError({ code: 'NOT_FOUND' });
  });

  it('refuses changes to unknown, cancelled or paid registrations', () => {
    given([])
      .when({ type: 'AddParticipant', participant: person('p'), at })
      .thenError({ code: 'NOT_FOUND', message: 'Registration not found' });
    const cancelled = [
      ...start(),
      {
        type: 'RegistrationCancelled',
        data: { from: 'pending_payment', source: 'public', at },
      } as RegistrationEvent,
    ];
    given(cancelled)
      .when({ type: 'AddParticipant', participant: person('p9'), at })
      .thenError({ code: 'CANCELLED', message: 'This registration has been cancelled' });
    given(cancelled)
      .when({ type: 'ChangePrimaryParticipant', participantId: 'p2', at })
      .thenError({ code: 'CANCELLED' });
    const paid = [
      ...start(),
      {
        type: 'StatusChanged',
        data: { from: 'pending_payment', to: 'paid', source: 'payment', at },
      } as RegistrationEvent,
    ];
    given(paid).when({ type: 'RemoveParticipant', participantId: 'p2', at }).thenError({
      code: 'ALREADY_PAID',
      message: 'This registration has already been paid; it can no longer be changed',
    });
  });
});

describe('discounts and payments', () => {
  it('applies one discount code', () => {
    const state = given(booked([person('p1')]))
      .when({ type: 'ApplyDiscount', discount: tenPercent, at })
      .thenEvents([
        {
          type: 'DiscountApplied',
          data: {
            discount: tenPercent,
            amountCents: 2000,
            pricing: priceRegistration([person('p1', { isPrimary: true })], tenPercent, null),
            at,
          },
        },
      ]);
    expect(state.pricing!.totalCents).toBe(19620);
    given(booked([person('p1')], { discount: tenPercent }))
      .when({ type: 'ApplyDiscount', discount: tenPercent, at })
      .thenError({ code: 'DISCOUNT_ALREADY_APPLIED', message: 'A discount code has already been applied' });
  });

  it('records a card payment and moves pending_payment to paid', () => {
    const state = given(booked([person('p1')]))
      .when({ type: 'RecordPayment', transactionId: 'tx1', amountCents: 21800, method: 'card', at })
      .thenEvents([
        {
          type: 'PaymentRecorded',
          data: { transactionId: 'tx1', amountCents: 21800, method: 'card', balanceDueCents: 0, at },
        },
        { type: 'StatusChanged', data: { from: 'pending_payment', to: 'paid', source: 'payment', at } },
      ]);
    expect(state.status).toBe('paid');
    expect(outstandingCents(state)).toBe(0);
  });

  it('keeps pending_payment on a partial payment; the same transaction twice is one payment', () => {
    const events = [
      ...booked([person('p1')]),
      {
        type: 'PaymentRecorded',
        data: { transactionId: 'tx1', amountCents: 800, method: 'card', balanceDueCents: 21000, at },
      } as RegistrationEvent,
    ];
    given(events)
      .when({ type: 'RecordPayment', transactionId: 'tx1', amountCents: 800, method: 'card', at })
      .thenEvents([]);
    const state = given(events)
      .when({ type: 'RecordPayment', transactionId: 'tx2', amountCents: 1000, method: 'card', at })
      .thenEvents([
        {
          type: 'PaymentRecorded',
          data: { transactionId: 'tx2', amountCents: 1000, method: 'card', balanceDueCents: 20000, at },
        },
      ]);
    expect(state.status).toBe('pending_payment');
    given(events)
      .when({ type: 'RecordPayment', transactionId: 'tx3', amountCents: -1, method: 'card', at })
      .thenError({ code: 'INVALID' });
  });

  it('confirms a zero-balance partner booking in pending_payment', () => {
    const partner = { bookingCode: '123456789012', paidCents: 21800, isPaid: true };
    const [e] = booked([person('p1')], { partner });
    const pending = [
      { ...e!, data: { ...(e!.data as object), status: 'pending_payment' } } as RegistrationEvent,
    ];
    given(pending)
      .when({ type: 'ConfirmCoveredBalance', at })
      .thenEvents([
        { type: 'StatusChanged', data: { from: 'pending_payment', to: 'paid', source: 'partner', at } },
      ]);
    given([e!]).when({ type: 'ConfirmCoveredBalance', at }).thenEvents([]);
    given(booked([person('p1')]))
      .when({ type: 'ConfirmCoveredBalance', at })
      .thenError({ message: 'The balance is not covered yet' });
  });
});

describe('status and cancellation', () => {
  it('lets an admin confirm or cancel (admin spelling accepted)', () => {
    const events = booked([person('p1')]);
    given(events)
      .when({ type: 'ChangeStatusByAdmin', status: 'confirmed', at })
      .thenEvents([
        { type: 'StatusChanged', data: { from: 'pending_payment', to: 'confirmed', source: 'admin', at } },
      ]);
    const state = given(events)
      .when({ type: 'ChangeStatusByAdmin', status: 'canceled', at })
      .thenEvents([
        { type: 'RegistrationCancelled', data: { from: 'pending_payment', source: 'admin', at } },
      ]);
    expect(state).toMatchObject({ status: 'cancelled', cancelledAt: at });
    expect(seatsHeld(state)).toBe(0);
    given(events)
      .when({ type: 'ChangeStatusByAdmin', status: 'paid', at })
      .thenError({ code: 'STATUS_NOT_ALLOWED', message: 'Status can only be set to confirmed or canceled' });
    given([]).when({ type: 'ChangeStatusByAdmin', status: 'confirmed', at }).thenError({ code: 'NOT_FOUND' });
  });

  it('cancels publicly once', () => {
    const events = booked([person('p1')]);
    const state = given(events)
      .when({ type: 'CancelRegistration', at })
      .thenEvents([
        { type: 'RegistrationCancelled', data: { from: 'pending_payment', source: 'public', at } },
      ]);
    given([
      ...events,
      { type: 'RegistrationCancelled', data: { from: 'pending_payment', source: 'public', at } },
    ])
      .when({ type: 'CancelRegistration', at })
      .thenError({ code: 'ALREADY_CANCELLED', message: 'This appointment has already been cancelled.' });
    given([
      ...events,
      { type: 'RegistrationCancelled', data: { from: 'pending_payment', source: 'public', at } },
    ])
      .when({ type: 'RecordPayment', transactionId: 't', amountCents: 1, method: 'card', at })
      .thenError({ code: 'CANCELLED' });
    expect(state.status).toBe('cancelled');
    given([]).when({ type: 'CancelRegistration', at }).thenError({ code: 'NOT_FOUND' });
  });
});

describe('worker facts', () => {
  const events = booked([person('p1')], {
    partner: { bookingCode: '123456789012', paidCents: 0, isPaid: false },
  });

  it('records emails and PDFs', () => {
    const s1 = given(events)
      .when({ type: 'RecordConfirmationEmailSent', to: 'mei@example.sg', messageId: 'm1', at })
      .thenEvents([{ type: 'ConfirmationEmailSent', data: { to: 'mei@example.sg', messageId: 'm1', at } }]);
    expect(s1.confirmationEmailSent).toBe(true);
    const s2 = given(events)
      .when({ type: 'RecordReminderEmailSent', to: 'mei@example.sg', messageId: null, at })
      .thenEvents([{ type: 'ReminderEmailSent', data: { to: 'mei@example.sg', messageId: null, at } }]);
    expect(s2.reminderEmailSent).toBe(true);
    given(events)
      .when({ type: 'RecordPdfGenerated', document: 'invoice', fileName: 'invoice-HS2601-0607-1234.pdf', at })
      .thenEvents([
        { type: 'PdfGenerated', data: { document: 'invoice', fileName: 'invoice-HS2601-0607-1234.pdf', at } },
      ]);
    given([])
      .when({ type: 'RecordConfirmationEmailSent', to: 'x', messageId: null, at })
      .thenError({ code: 'NOT_FOUND' });
  });

  it('records partner confirmation once, and failures', () => {
    const s = given(events)
      .when({ type: 'RecordPartnerConfirmed', at })
      .thenEvents([{ type: 'PartnerConfirmed', data: { bookingCode: '123456789012', at } }]);
    expect(s.partnerConfirmed).toBe(true);
    given([...events, { type: 'PartnerConfirmed', data: { bookingCode: '123456789012', at } }])
      .when({ type: 'RecordPartnerConfirmed', at })
      .thenEvents([]);
    given(events)
      .when({ type: 'RecordPartnerConfirmationFailed', reason: 'timeout', attempt: 2, at })
      .thenEvents([
        {
          type: 'PartnerConfirmationFailed',
          data: { bookingCode: '123456789012', reason: 'timeout', attempt: 2, at },
        },
      ]);
    given(booked([person('p1')]))
      .when({ type: 'RecordPartnerConfirmed', at })
      .thenError({ code: 'INVALID', message: 'This registration did not come from the partner' });
  });

  it('folds a whole history', () => {
    const state = fold(registrationDecider, [
      ...events,
      { type: 'ConfirmationEmailSent', data: { to: 'mei@example.sg', messageId: 'm1', at } },
      { type: 'PdfGenerated', data: { document: 'receipt', fileName: 'r.pdf', at } },
      {
        type: 'PartnerConfirmationFailed',
        data: { bookingCode: '123456789012', reason: 'x', attempt: 1, at },
      },
    ] as RegistrationEvent[]);
    expect(state).toMatchObject({
      exists: true,
      referenceNumber: 'HS2601-0607-1234',
      confirmationEmailSent: true,
    });
  });
});
