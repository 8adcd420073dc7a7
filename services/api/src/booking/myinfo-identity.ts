/**
 * A booking that cites a Myinfo retrieval (issue 49) books the identity Myinfo gave: the identification
 * number and date of birth sent must be the retrieved ones, or it is refused; the full name is taken
 * from the retrieval, as given. Without a handle the identity was typed ('manual').
 */
import type { Sql } from '@hs/db';
import { type IdentitySource, normalizeIdentificationNumber } from '@hs/domain';
import { badRequest, conflict } from '../errors';
import { handleIdentity } from '../myinfo/store';

export const MYINFO_BOOKING_MESSAGES = {
  changed: 'Your identification number and date of birth must be as Myinfo gave them',
  expired: 'This Myinfo retrieval has expired. Please retrieve it again or enter your details.',
} as const;

export interface BookedIdentity {
  identitySource: IdentitySource;
  fullName?: string;
}

export async function bookedIdentity(
  sql: Sql,
  handle: string | null | undefined,
  claimed: { identificationNumber: string; dateOfBirth: string },
): Promise<BookedIdentity> {
  if (!handle) return { identitySource: 'manual' };
  const person = await handleIdentity(sql, handle);
  if (!person) throw conflict(MYINFO_BOOKING_MESSAGES.expired);
  const sameId = normalizeIdentificationNumber(claimed.identificationNumber) === person.identificationNumber;
  const sameBirth = claimed.dateOfBirth === person.dateOfBirth;
  if (!sameId || !sameBirth) {
    const message = MYINFO_BOOKING_MESSAGES.changed;
    throw badRequest(message, [
      ...(sameId ? [] : [{ field: 'identificationNumber', message }]),
      ...(sameBirth ? [] : [{ field: 'dateOfBirth', message }]),
    ]);
  }
  return { identitySource: 'myinfo', fullName: person.name };
}
