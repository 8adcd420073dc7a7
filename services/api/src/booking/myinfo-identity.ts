/**
 * A booking that cites a Myinfo retrieval (issue 49) books the identity Myinfo gave: the identification
 * number, date of birth and sex sent must be the retrieved ones, or it is refused; the full name is taken
 * from the retrieval, as given. Without a handle the identity was typed ('manual'). A booking made
 * forgets its handles (forgetHandles): each books once.
 */
import type { Sql } from '@hs/db';
import { type IdentitySource, normalizeIdentificationNumber } from '@hs/domain';
import { badRequest, conflict } from '../errors';
import { handleIdentity } from '../myinfo/store';

export const MYINFO_BOOKING_MESSAGES = {
  changed: 'Your identification number and date of birth must be as Myinfo gave them',
  gender: 'Your gender must be as Myinfo gave it',
  expired: 'This Myinfo retrieval has expired. Please retrieve it again or enter your details.',
} as const;

export interface BookedIdentity {
  identitySource: IdentitySource;
  fullName?: string;
}

export async function bookedIdentity(
  sql: Sql,
  handle: string | null | undefined,
  claimed: { identificationNumber: string; dateOfBirth: string; gender: string },
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
  // the form locks the sex Myinfo gave too ('male' on the booking form, 'Male' on a participant's)
  const sex = claimed.gender.trim().charAt(0).toUpperCase();
  if ((person.sex === 'M' || person.sex === 'F') && sex !== person.sex) {
    throw badRequest(MYINFO_BOOKING_MESSAGES.gender, [
      { field: 'gender', message: MYINFO_BOOKING_MESSAGES.gender },
    ]);
  }
  return { identitySource: 'myinfo', fullName: person.name };
}
