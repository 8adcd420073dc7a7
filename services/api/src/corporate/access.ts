/**
 * The employee's way in (issue 51): a 6-digit one-time code emailed to the work address, then a pass
 * the booking carries. Only an HMAC of a code is kept (a 6-digit code's plain hash would fall to a
 * million guesses), of the address a hash, and of a pass its SHA-256. A code lives 10 minutes and
 * takes 5 wrong tries; an address gets at most 3 codes in 15 minutes. An address that may not book
 * gets a code row too (never sent: it is told by email that the programme is not open to it), so
 * neither the answer nor the limits tell who is on a roster.
 */
import { createHash, createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Sql, TransactionSql } from '@hs/db';
import {
  type Eligibility,
  PROGRAMME_MESSAGES,
  employeeKeyHash,
  mailboxOf,
  programmeEligibility,
  programmeEntitlementStream,
} from '@hs/domain';
import { readLatestOfTypes } from '@hs/eventstore';
import { HttpError } from '../errors';
import type { ProgrammeTerms } from './programme-read';

export const CODE_TTL_MINUTES = 10;
export const CODE_ATTEMPTS = 5;
export const CODES_PER_WINDOW = 3;
export const CODE_WINDOW_MINUTES = 15;
export const PASS_TTL_MINUTES = 120;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export function createProgrammeAccess(sql: Sql, secret: string) {
  const key = createHmac('sha256', secret).update('programme-one-time-codes').digest();
  const codeHash = (id: string, code: string) => createHmac('sha256', key).update(`${id}:${code}`).digest();
  const emailHash = (programmeId: number, email: string) => sha256(`${programmeId}:${email}`);

  async function rosterIdOf(p: ProgrammeTerms, email: string): Promise<string | null> {
    if (!p.useRoster) return null;
    const [row] = await sql<{ employeeId: string }[]>`
      select employee_id as "employeeId" from programme_employees
      where programme_id = ${p.id} and email in (${email}, ${mailboxOf(email)})`;
    return row?.employeeId ?? null;
  }

  const eligibilityOf = async (p: ProgrammeTerms, email: string): Promise<Eligibility> =>
    programmeEligibility(email, p, await rosterIdOf(p, email));

  /** A new code for the address: the code to send when it may book, null when it may not. */
  async function issueCode(p: ProgrammeTerms, email: string): Promise<{ code: string | null }> {
    const hash = emailHash(p.id, email);
    const [recent] = await sql<{ n: number }[]>`
      select count(*)::int as n from programme_codes
      where programme_id = ${p.id} and email_hash = ${hash}
        and created_at > now() - make_interval(mins => ${CODE_WINDOW_MINUTES})`;
    if ((recent?.n ?? 0) >= CODES_PER_WINDOW)
      throw new HttpError(429, 'Too many codes were asked for this address. Please try again in 15 minutes.');
    const eligible = (await eligibilityOf(p, email)).eligible;
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const id = randomUUID();
    await sql`
      insert into programme_codes (id, programme_id, email_hash, code_hash, expires_at)
      values (${id}, ${p.id}, ${hash}, ${codeHash(id, eligible ? code : randomBytes(16).toString('hex')).toString('hex')},
        now() + make_interval(mins => ${CODE_TTL_MINUTES}))`;
    return { code: eligible ? code : null };
  }

  /** Checks the latest code of the address; a right one is used up and gives a pass. */
  async function verifyCode(p: ProgrammeTerms, email: string, code: string) {
    const hash = emailHash(p.id, email);
    const outcome = await sql.begin(async (tx) => {
      const [row] = await tx<{ id: string; codeHash: string; attempts: number; live: boolean }[]>`
        select id, code_hash as "codeHash", attempts, (expires_at > now() and used_at is null) as live
        from programme_codes where programme_id = ${p.id} and email_hash = ${hash}
        order by created_at desc limit 1 for update`;
      if (!row?.live || row.attempts >= CODE_ATTEMPTS) return { kind: 'expired' as const };
      const given = /^\d{6}$/.test(code.trim()) ? code.trim() : '';
      if (!timingSafeEqual(codeHash(row.id, given), Buffer.from(row.codeHash, 'hex'))) {
        // counted in a transaction that commits: a refusal thrown here would roll the count back
        await tx`update programme_codes set attempts = attempts + 1 where id = ${row.id}`;
        return { kind: 'wrong' as const, left: CODE_ATTEMPTS - row.attempts - 1 };
      }
      await tx`update programme_codes set used_at = now() where id = ${row.id}`;
      const eligibility = await eligibilityOf(p, email);
      if (!eligibility.eligible) return { kind: 'refused' as const };
      return { kind: 'verified' as const, ...(await issuePass(tx, p.id, email, eligibility)), eligibility };
    });
    if (outcome.kind === 'expired' || (outcome.kind === 'wrong' && outcome.left <= 0))
      throw new HttpError(410, PROGRAMME_MESSAGES.codeExpired);
    if (outcome.kind === 'wrong')
      throw new HttpError(400, PROGRAMME_MESSAGES.codeWrong(outcome.left), [
        { field: 'code', message: PROGRAMME_MESSAGES.codeWrong(outcome.left) },
      ]);
    if (outcome.kind === 'refused') throw new HttpError(403, PROGRAMME_MESSAGES.notEligible);
    return outcome;
  }

  return { issueCode, verifyCode };
}

/** A pass for an eligible employee: only its SHA-256 is kept. */
export async function issuePass(
  db: Sql | TransactionSql,
  programmeId: number,
  email: string,
  eligibility: Extract<Eligibility, { eligible: true }>,
): Promise<{ pass: string; expiresAt: Date }> {
  const pass = randomBytes(32).toString('base64url');
  const [issued] = await db<{ expiresAt: Date }[]>`
    insert into programme_passes (pass_hash, programme_id, email, employee_key, employee_id, expires_at)
    values (${sha256(pass)}, ${programmeId}, ${email}, ${eligibility.employeeKey}, ${eligibility.employeeId},
      now() + make_interval(mins => ${PASS_TTL_MINUTES}))
    returning expires_at as "expiresAt"`;
  return { pass, expiresAt: issued!.expiresAt };
}

export interface ProgrammePassHolder {
  programmeId: number;
  email: string;
  employeeKey: string;
  employeeId: string | null;
}

/** The employee a live pass names; 410 when it is unknown or past its time. */
export async function passHolder(sql: Sql, pass: string): Promise<ProgrammePassHolder> {
  const [row] = await sql<ProgrammePassHolder[]>`
    select programme_id as "programmeId", email, employee_key as "employeeKey", employee_id as "employeeId"
    from programme_passes where pass_hash = ${sha256(pass)} and expires_at > now()`;
  if (!row) throw new HttpError(410, PROGRAMME_MESSAGES.passExpired);
  return row;
}

/** Bookings the employee still has under the programme: the entitlement less what their stream holds. */
export async function bookingsLeft(sql: Sql, p: ProgrammeTerms, employeeKey: string): Promise<number> {
  const stream = programmeEntitlementStream(p.id, employeeKeyHash(p.id, employeeKey));
  const latest = await readLatestOfTypes<{ countAfter: number }>(sql, stream.id, [
    ['EntitlementUsed', 'EntitlementReturned'],
  ]);
  return Math.max(0, p.entitlement - (latest.events[0]?.data.countAfter ?? 0));
}
