import type { Sql } from '@hs/db';
import { hashRecoveryCode, looksLikeRecoveryCode, matchTotp } from './totp';

/**
 * A TOTP code of the user's secret not used before (its time step is recorded, so a code overheard
 * is refused a second time), or one of their unused recovery codes, which is spent.
 */
export async function acceptSecondFactor(
  sql: Sql,
  userId: number,
  secret: string,
  code: string,
): Promise<boolean> {
  if (looksLikeRecoveryCode(code)) {
    const spent = await sql`
      update totp_recovery_codes set used_at = now()
      where user_id = ${userId} and code_hash = ${hashRecoveryCode(code)} and used_at is null
      returning 1`;
    return spent.length === 1;
  }
  const [row] = await sql<{ lastStep: string | null }[]>`
    select totp_last_step as "lastStep" from users where id = ${userId}`;
  const step = await matchTotp(secret, code, row?.lastStep == null ? null : Number(row.lastStep));
  if (step === null) return false;
  // Two logins racing with the same code: only the one that moves the step forward wins.
  const moved = await sql`
    update users set totp_last_step = ${step}
    where id = ${userId} and (totp_last_step is null or totp_last_step < ${step}) returning 1`;
  return moved.length === 1;
}
