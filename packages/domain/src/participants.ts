/** Participant limits (spec sections 5 and 9). */

/** Maximum participants on one booking, the primary included. */
export const MAX_PARTICIPANTS = 10;
export const MAX_PARTICIPANTS_MESSAGE = 'A booking can have at most 10 participants';
export const CANNOT_REMOVE_PRIMARY_TITLE = 'Cannot Remove Primary Participant';
export const CANNOT_REMOVE_PRIMARY_MESSAGE = 'Please assign another participant as primary first.';
