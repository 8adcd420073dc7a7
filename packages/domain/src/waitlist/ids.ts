import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * A waiting-list entry's id: the same for one event and one email (trimmed, lowercased), so the
 * entry's stream is that person's only one for the event and the log refuses a second active entry
 * by itself. 20 hex characters (80 bits) of SHA-256: no collision among any plausible list, and the
 * email is not readable from the id.
 */
export function waitlistEntryId(eventId: number, email: string): string {
  return bytesToHex(sha256(utf8ToBytes(`${eventId}:${email.trim().toLowerCase()}`))).slice(0, 20);
}

/**
 * The "registration" a waiting-list offer's seats are held under on the slot's stream (SeatsReserved
 * and SeatsReleased as for an order); never a number, so it cannot be taken for a registration id.
 */
export const waitlistHoldKey = (entryId: string): string => `waitlist-${entryId}`;
