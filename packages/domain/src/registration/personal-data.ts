/**
 * Staff looking at the personal data of an order (issue 24, PDPA). Identification numbers are masked
 * everywhere staff see them; revealing them, or downloading everything held about the order's people
 * (an access request), is recorded on the order's stream naming the staff member, so the order's
 * timeline answers "who saw this person's NRIC, and when".
 */
import { type DomainError, domainError } from '../decider';
import type {
  ContactDetails,
  ErasureReason,
  IdentificationRevealed,
  ParticipantSnapshot,
  PersonalDataErased,
  PersonalDataExported,
} from './events';

export interface RevealIdentificationCommand {
  type: 'RevealIdentification';
  /** The staff member's username. */
  by: string;
  at: string;
}

export interface ExportPersonalDataCommand {
  type: 'ExportPersonalData';
  /** The staff member's username. */
  by: string;
  at: string;
}

export interface ErasePersonalDataCommand {
  type: 'ErasePersonalData';
  /** The staff member's username, or 'system' for the retention sweep. */
  by: string;
  reason: ErasureReason;
  at: string;
}

/** What these rules read of a registration's state. */
export interface PersonalDataState {
  exists: boolean;
  participants: readonly { participantId: string }[];
  /** Everyone ever on the order, removed participants included (whose data the log still holds). */
  everParticipantIds: readonly string[];
  /** When the personal data was erased (ISO); null while it is held. */
  personalDataErasedAt: string | null;
}

export const PERSONAL_DATA_ERASED_MESSAGE = 'Personal data of this order has been erased';

/** The data-key subject of a participant (packages/privacy keys one per person). */
export const participantSubjectId = (participantId: string) => `participant-${participantId}`;

/** Refusal of a command that would write or show personal data on an erased order; null otherwise. */
export function erasedRefusal(state: Pick<PersonalDataState, 'personalDataErasedAt'>): DomainError | null {
  return state.personalDataErasedAt === null
    ? null
    : domainError('STATUS_NOT_ALLOWED', PERSONAL_DATA_ERASED_MESSAGE);
}

/**
 * Erased once: a second erase (staff clicking twice, two retention sweeps racing) decides nothing, so
 * the first erasure's time stays the order's answer.
 */
export function decideErasure(
  state: PersonalDataState,
  command: ErasePersonalDataCommand,
): PersonalDataErased[] | DomainError {
  if (!state.exists) return domainError('NOT_FOUND', 'Registration not found');
  if (state.personalDataErasedAt !== null) return [];
  return [
    {
      type: 'PersonalDataErased',
      data: {
        subjectIds: state.everParticipantIds.map(participantSubjectId),
        by: command.by,
        reason: command.reason,
        at: command.at,
      },
    },
  ];
}

/** A contact with every personal field emptied (what an erased order keeps: nothing of the person). */
export function erasedContact(contact: ContactDetails): ContactDetails {
  return {
    ...contact,
    firstName: '',
    lastName: '',
    email: '',
    mobileNumber: '',
    gender: '',
    identificationNumber: '',
    dateOfBirth: '',
    postalCode: '',
    unitNumber: null,
    address: '',
    medicalConditions: null,
  };
}

/** A participant with its personal fields emptied; package, prices and membership flags stay (pricing). */
export function erasedParticipant(p: ParticipantSnapshot): ParticipantSnapshot {
  return {
    ...p,
    firstName: '',
    lastName: '',
    gender: '',
    identificationNumber: '',
    dateOfBirth: '',
    email: null,
    mobileNumber: null,
    aiaMemberId: null,
  };
}

/**
 * Always recorded, also a second time: every look is a fact worth keeping (an order that is not
 * there is refused). Cancelled and expired orders still hold personal data, so they are no exception.
 */
export function decidePersonalDataAccess(
  state: PersonalDataState,
  command: RevealIdentificationCommand | ExportPersonalDataCommand,
): (IdentificationRevealed | PersonalDataExported)[] | DomainError {
  if (!state.exists) return domainError('NOT_FOUND', 'Registration not found');
  if (command.type === 'RevealIdentification') {
    const erased = erasedRefusal(state);
    if (erased) return erased;
    return [
      {
        type: 'IdentificationRevealed',
        data: {
          participantIds: state.participants.map((p) => p.participantId),
          by: command.by,
          at: command.at,
        },
      },
    ];
  }
  return [{ type: 'PersonalDataExported', data: { by: command.by, at: command.at } }];
}
