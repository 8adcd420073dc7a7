/**
 * Staff looking at the personal data of an order (issue 24, PDPA). Identification numbers are masked
 * everywhere staff see them; revealing them, or downloading everything held about the order's people
 * (an access request), is recorded on the order's stream naming the staff member, so the order's
 * timeline answers "who saw this person's NRIC, and when".
 */
import { type DomainError, domainError } from '../decider';
import type { IdentificationRevealed, PersonalDataExported } from './events';

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

/** What these rules read of a registration's state. */
export interface PersonalDataState {
  exists: boolean;
  participants: readonly { participantId: string }[];
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
