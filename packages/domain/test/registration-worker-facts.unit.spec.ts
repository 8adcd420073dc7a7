/** RecordWorkerFact (issue 44): every fact the worker records as it happened goes through the decider. */
import { describe, expect, it } from 'vitest';
import { type RegistrationCommand, WORKER_FACT_TYPES, type WorkerFact, registrationDecider } from '../src';
import { fold, spec } from './given-when-then';
import { at, booked, person } from './registration-fixtures';

const given = spec(registrationDecider);
const record = (fact: WorkerFact): RegistrationCommand => ({ type: 'RecordWorkerFact', fact });

const sent = { to: 'mei@example.sg', recipientId: 'p1', messageId: '<m1@example.sg>', at };
const reminder = {
  offsetHours: 24,
  channel: 'email' as const,
  appointmentAt: '2026-01-10T01:00:00.000Z',
  timeslotId: 3,
  at,
};

/** One of each fact, with the data the worker's jobs give it. */
const FACTS: WorkerFact[] = [
  { type: 'ReceiptEmailSent', data: { ...sent, transactionId: 'tx-1' } },
  { type: 'CancellationEmailSent', data: sent },
  { type: 'ExpiryEmailSent', data: { ...sent, expiredAt: at } },
  { type: 'RescheduledEmailSent', data: { ...sent, sequence: 1 } },
  {
    type: 'RefundEmailSent',
    data: { ...sent, refundId: 'r-1', creditNoteNumber: 'HS-CN-2026-000001' },
  },
  {
    type: 'EmailDeliveryFailed',
    data: { emailType: 'receipt', to: 'mei@example.sg', recipientId: 'p1', reason: '550 no such user', at },
  },
  {
    type: 'PartnerCancellationNotified',
    data: { bookingCode: '100000000001', causeEventId: 'e-cancel-1', at },
  },
  { type: 'ReminderSent', data: { ...reminder, providerId: '<r1@example.sg>' } },
  { type: 'ReminderFailed', data: { ...reminder, reason: 'timeout' } },
  { type: 'ReminderSkipped', data: { ...reminder, channel: 'sms', reason: 'invalid-number' } },
];

describe('recording a worker fact', () => {
  const events = booked([person('p1')]);
  const before = fold(registrationDecider, events);

  it('covers every worker fact type', () => {
    expect(FACTS.map((f) => f.type)).toEqual([...WORKER_FACT_TYPES]);
  });

  it.each(FACTS.map((fact) => [fact.type, fact] as const))('appends %s as given', (_, fact) => {
    const after = given(events).when(record(fact)).thenEvents([fact]);
    // a fact changes nothing the decider knows of the order
    expect(after).toEqual(before);
  });

  it('keeps the data exactly as the job gave it (an unknown recipient stays absent)', () => {
    const data = { emailType: 'cancellation', to: 'x@example.sg', recipientId: undefined, reason: 'no', at };
    const { result } = given(events).when(record({ type: 'EmailDeliveryFailed', data }));
    expect(result).toEqual([{ type: 'EmailDeliveryFailed', data }]);
    expect(JSON.stringify(result)).toBe(
      JSON.stringify([
        {
          type: 'EmailDeliveryFailed',
          data: { emailType: 'cancellation', to: 'x@example.sg', reason: 'no', at },
        },
      ]),
    );
  });

  it('records a fact again: whether it was done already is the job’s check', () => {
    const receipt = FACTS[0]!;
    given([...events, receipt])
      .when(record(receipt))
      .thenEvents([receipt]);
  });

  it('records on a cancelled order too', () => {
    const cancel = registrationDecider.decide(before, { type: 'CancelRegistration', at });
    if (!Array.isArray(cancel)) throw new Error(cancel.message);
    const fact = FACTS[1]!;
    given([...events, ...cancel])
      .when(record(fact))
      .thenEvents([fact]);
  });

  it('refuses an order that does not exist', () => {
    for (const fact of FACTS) given([]).when(record(fact)).thenError({ code: 'NOT_FOUND' });
  });

  it('refuses an event that is not a worker fact', () => {
    const smuggled = {
      type: 'PaymentRecorded',
      data: { transactionId: 't', amountCents: 1, method: 'card', at },
    };
    given(events)
      .when(record(smuggled as unknown as WorkerFact))
      .thenError({ code: 'INVALID', message: 'This is not a fact the worker records' });
  });

  it('folds the reminder facts and SMS opt-out without changing the state', () => {
    const state = fold(registrationDecider, [
      ...events,
      ...FACTS.filter((f) => f.type.startsWith('Reminder')),
      { type: 'SmsOptedOut' as const, data: { at } },
    ]);
    expect(state).toEqual(before);
  });
});
