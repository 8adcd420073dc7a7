/**
 * Who may see and change a booking from the manage page (issue 46): the reference plus the signed
 * link's token, or plus a second check (the booking's date of birth; the email alone is none). The spec's lookup by
 * reference and its cancel flow stay as they are; this guards the reschedule and the manage read.
 */
import { REGISTRATION_NOT_FOUND, checkManageLinkToken, existingRegistration } from '@hs/commands';
import type { Sql } from '@hs/db';
import {
  MANAGE_ACCESS_MESSAGES,
  type ManageProof,
  type RegistrationState,
  hasSecondCheck,
  normalizeReferenceNumber,
  secondCheckMatches,
} from '@hs/domain';
import { findFirstEvent } from '@hs/eventstore';
import { forbidden, notFound } from '../errors';
import type { SecondCheckGuesses } from './lookup-limit';

/** The booking `reference` names, if any (the log itself: a read model may lag a fresh booking). */
export async function registrationIdOf(sql: Sql, reference: string): Promise<number | null> {
  const booked = await findFirstEvent<{ registrationId: string }>(sql, {
    type: 'RegistrationBooked',
    data: { field: 'referenceNumber', equals: normalizeReferenceNumber(reference) },
  });
  return booked ? Number(booked.data.registrationId) : null;
}

/**
 * The booking when `proof` opens it; otherwise 403 (no proof, or a forged or expired token) or 404
 * (unknown reference, or a second check that does not match: one answer, so it tells nothing).
 * `guesses` counts the second checks of a reference (a right one gives its try back) and refuses more
 * (429) once they run out.
 */
export async function bookingForManage(
  sql: Sql,
  secret: string,
  reference: string,
  proof: ManageProof,
  guesses: SecondCheckGuesses,
  now: Date = new Date(),
): Promise<{ registrationId: number; state: RegistrationState }> {
  const token = proof.token?.trim();
  const secondCheck = hasSecondCheck(proof);
  if (token) {
    const check = checkManageLinkToken(secret, reference, token, now);
    if (check === 'invalid') throw forbidden(MANAGE_ACCESS_MESSAGES.linkInvalid);
    if (check === 'expired') throw forbidden(MANAGE_ACCESS_MESSAGES.linkExpired);
  } else if (!secondCheck) {
    throw forbidden(MANAGE_ACCESS_MESSAGES.proofNeeded);
  }
  const registrationId = await registrationIdOf(sql, reference);
  if (registrationId === null) throw notFound(REGISTRATION_NOT_FOUND);
  const state = await existingRegistration(sql, registrationId);
  if (!token) {
    // the try is spent before comparing, so parallel guesses cannot all pass the count
    await guesses.spend(reference);
    if (!secondCheckMatches(state.contact, proof)) throw notFound(REGISTRATION_NOT_FOUND);
    await guesses.refund(reference);
  }
  return { registrationId, state };
}
