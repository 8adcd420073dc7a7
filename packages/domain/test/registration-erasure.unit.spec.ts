import { describe, expect, it } from 'vitest';
import {
  PERSONAL_DATA_ERASED_MESSAGE,
  type RegistrationCommand,
  type RegistrationEvent,
  decideRegistration,
  isDomainError,
  registrationDecider,
} from '../src';
import { fold, spec } from './given-when-then';
import { at, booked, person } from './registration-fixtures';

const given = spec(registrationDecider);
const later = '2026-02-01T00:00:00.000Z';
const erase: RegistrationCommand = { type: 'ErasePersonalData', by: 'alice', reason: 'request', at: later };

/** Runs commands in order, folding each one's events in; throws on a refusal. */
function run(events: RegistrationEvent[], ...commands: RegistrationCommand[]): RegistrationEvent[] {
  const log = [...events];
  for (const command of commands) {
    const result = decideRegistration(fold(registrationDecider, log), command);
    if (isDomainError(result)) throw new Error(result.message);
    log.push(...result);
  }
  return log;
}

const party = () => booked([person('p1', { isPrimary: true }), person('p2')]);
const erased = () => run(party(), erase);

describe('erasing the personal data of an order (issue 24)', () => {
  it('names every participant ever on the order, a removed one included, with actor and reason', () => {
    const log = run(
      party(),
      { type: 'AddParticipant', participant: person('p3'), at },
      { type: 'RemoveParticipant', participantId: 'p2', at },
    );
    given(log)
      .when({ type: 'ErasePersonalData', by: 'system', reason: 'retention', at: later })
      .thenEvents([
        {
          type: 'PersonalDataErased',
          data: {
            subjectIds: ['participant-p1', 'participant-p2', 'participant-p3'],
            by: 'system',
            reason: 'retention',
            at: later,
          },
        },
      ]);
  });

  it('refuses an order that does not exist', () => {
    given([]).when(erase).thenError({ code: 'NOT_FOUND', message: 'Registration not found' });
  });

  it('a second erase decides nothing, whoever asks and why', () => {
    given(erased()).when(erase).thenEvents([]);
    given(erased())
      .when({ type: 'ErasePersonalData', by: 'system', reason: 'retention', at: '2027-01-01T00:00:00.000Z' })
      .thenEvents([]);
  });

  it('erases cancelled, expired and paid orders alike', () => {
    for (const command of [
      { type: 'CancelRegistration', at } as const,
      { type: 'RecordPayment', transactionId: 't1', amountCents: 40000, method: 'card', at } as const,
    ]) {
      const log = run(party(), command);
      const result = decideRegistration(fold(registrationDecider, log), erase);
      expect(isDomainError(result)).toBe(false);
      expect(result).toHaveLength(1);
    }
  });

  it('the state forgets the people and keeps the order: reference, package, prices, status', () => {
    const before = fold(registrationDecider, party());
    const after = fold(registrationDecider, erased());
    expect(after.personalDataErasedAt).toBe(later);
    expect(after.contact).toMatchObject({
      firstName: '',
      lastName: '',
      email: '',
      mobileNumber: '',
      identificationNumber: '',
      dateOfBirth: '',
      address: '',
      postalCode: '',
      unitNumber: null,
      medicalConditions: null,
    });
    for (const p of after.participants) {
      expect(p).toMatchObject({ firstName: '', lastName: '', identificationNumber: '', dateOfBirth: '' });
      expect(p.email).toBeNull();
      expect(p.mobileNumber).toBeNull();
    }
    expect(after.participants.map((p) => [p.participantId, p.packageId, p.packagePriceCents])).toEqual(
      before.participants.map((p) => [p.participantId, p.packageId, p.packagePriceCents]),
    );
    expect(after.pricing).toEqual(before.pricing);
    expect(after.status).toBe(before.status);
    expect(after.referenceNumber).toBe(before.referenceNumber);
  });

  it('refuses commands that write or show personal data afterwards, with a clear message', () => {
    const refused: RegistrationCommand[] = [
      { type: 'AddParticipant', participant: person('p9'), at },
      { type: 'UpdateParticipant', participantId: 'p2', changes: { firstName: 'New' }, at },
      { type: 'RevealIdentification', by: 'alice', at },
    ];
    for (const command of refused) {
      given(erased())
        .when(command)
        .thenError({ code: 'STATUS_NOT_ALLOWED', message: PERSONAL_DATA_ERASED_MESSAGE });
    }
  });

  it('status, payment, refund, cancellation and the access request keep working', () => {
    const paid = run(
      erased(),
      { type: 'RecordPayment', transactionId: 't1', amountCents: 40000, method: 'card', at: later },
      { type: 'RequestRefund', refundId: 'r1', amountCents: 1000, reason: 'goodwill', at: later },
      {
        type: 'RecordRefund',
        refundId: 'r1',
        amountCents: 1000,
        kind: 'refund',
        gatewayTransactionId: 'g1',
        reason: 'goodwill',
        at: later,
      },
      { type: 'ExportPersonalData', by: 'alice', at: later },
      { type: 'ChangeStatusByAdmin', status: 'cancelled', at: later },
    );
    const state = fold(registrationDecider, paid);
    expect(state.paidCents).toBe(40000);
    expect(state.refundedCents).toBe(1000);
    expect(state.status).toBe('cancelled');
    expect(state.personalDataErasedAt).toBe(later);
  });
});
