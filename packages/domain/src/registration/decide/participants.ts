/** Changes to who is on an order while it is open and unpaid (the primary may change until it closes). */
import { type Decision, domainError } from '../../decider';
import { PROGRAMME_MESSAGES } from '../../corporate/messages';
import { MAX_PARTICIPANTS, MAX_PARTICIPANTS_MESSAGE } from '../../participants';
import type {
  AddParticipantCommand,
  ChangePrimaryParticipantCommand,
  RemoveParticipantCommand,
  UpdateParticipantCommand,
} from '../commands';
import type { RegistrationEvent } from '../events';
import { REGISTRATION_MESSAGES } from '../messages';
import { erasedRefusal } from '../personal-data';
import { priceRegistration } from '../queries';
import { type RegistrationState, applyParticipantChanges } from '../state';
import { changeable, closed, existing } from './refusals';

export function addParticipant(
  state: RegistrationState,
  command: AddParticipantCommand,
): Decision<RegistrationEvent> {
  const refusal = changeable(state) ?? erasedRefusal(state);
  if (refusal) return refusal;
  // Issue 51: the company pays for its employee, not for whoever they add.
  if (state.corporate) return domainError('INVALID', PROGRAMME_MESSAGES.employeeAlone);
  if (state.participants.length >= MAX_PARTICIPANTS) {
    return domainError('TOO_MANY_PARTICIPANTS', MAX_PARTICIPANTS_MESSAGE);
  }
  if (state.participants.some((p) => p.participantId === command.participant.participantId)) {
    return domainError('ALREADY_EXISTS', REGISTRATION_MESSAGES.participantExists);
  }
  const participant = { ...command.participant, isPrimary: false };
  const pricing = priceRegistration(
    [...state.participants, participant],
    state.discount,
    state.partner,
    state.corporate,
  );
  return [{ type: 'ParticipantAdded', data: { participant, pricing, at: command.at } }];
}

export function updateParticipant(
  state: RegistrationState,
  command: UpdateParticipantCommand,
): Decision<RegistrationEvent> {
  const refusal = changeable(state) ?? erasedRefusal(state);
  if (refusal) return refusal;
  const index = state.participants.findIndex((p) => p.participantId === command.participantId);
  if (index === -1) return domainError('NOT_FOUND', REGISTRATION_MESSAGES.participantNotFound);
  // Issue 51: a programme's package and price were the programme's; another is booked afresh.
  if (state.corporate && ('packageId' in command.changes || 'packagePriceCents' in command.changes))
    return domainError('INVALID', PROGRAMME_MESSAGES.packageNotCovered);
  const participants = state.participants.map((p, i) =>
    i === index ? applyParticipantChanges(p, command.changes) : p,
  );
  const pricing = priceRegistration(participants, state.discount, state.partner, state.corporate);
  return [
    {
      type: 'ParticipantUpdated',
      data: { participantId: command.participantId, changes: command.changes, pricing, at: command.at },
    },
  ];
}

export function removeParticipant(
  state: RegistrationState,
  command: RemoveParticipantCommand,
): Decision<RegistrationEvent> {
  const refusal = changeable(state);
  if (refusal) return refusal;
  const target = state.participants.find((p) => p.participantId === command.participantId);
  if (!target) return domainError('NOT_FOUND', REGISTRATION_MESSAGES.participantNotFound);
  if (state.participants.length === 1)
    return domainError('PRIMARY_REQUIRED', REGISTRATION_MESSAGES.cannotRemoveLast);
  if (target.isPrimary) return domainError('PRIMARY_REQUIRED', REGISTRATION_MESSAGES.cannotRemovePrimary);
  const participants = state.participants.filter((p) => p !== target);
  const pricing = priceRegistration(participants, state.discount, state.partner, state.corporate);
  return [
    {
      type: 'ParticipantRemoved',
      data: { participantId: target.participantId, pricing, at: command.at },
    },
  ];
}

export function changePrimaryParticipant(
  state: RegistrationState,
  command: ChangePrimaryParticipantCommand,
): Decision<RegistrationEvent> {
  const refusal = existing(state) ?? closed(state);
  if (refusal) return refusal;
  const target = state.participants.find((p) => p.participantId === command.participantId);
  if (!target) return domainError('NOT_FOUND', REGISTRATION_MESSAGES.participantNotFound);
  if (target.isPrimary) return [];
  const from = state.participants.find((p) => p.isPrimary)!.participantId;
  return [{ type: 'PrimaryParticipantChanged', data: { from, to: target.participantId, at: command.at } }];
}
