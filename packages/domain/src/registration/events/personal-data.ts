import type { DomainEvent } from '../../decider';

/**
 * Issue 24 (PDPA): a staff member (`by`, their username) revealed the unmasked identification numbers
 * of these participants in the order dialog.
 */
export type IdentificationRevealed = DomainEvent<
  'IdentificationRevealed',
  { participantIds: string[]; by: string; at: string }
>;
/** Issue 24: an access request: everything held about the order's people was downloaded by `by`. */
export type PersonalDataExported = DomainEvent<'PersonalDataExported', { by: string; at: string }>;
/** Why personal data was erased: a person's request (staff) or the retention period ran out (worker). */
export type ErasureReason = 'request' | 'retention';
/**
 * Issue 24: the personal data of everyone ever on the order was erased (their data keys destroyed in
 * the same transaction). `subjectIds` are the data-key subjects (`participant-<id>`), removed
 * participants included. The order keeps its reference, slot, package, amounts and statuses.
 */
export type PersonalDataErased = DomainEvent<
  'PersonalDataErased',
  { subjectIds: string[]; by: string; reason: ErasureReason; at: string }
>;
