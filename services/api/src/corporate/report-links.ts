import { createHash, randomBytes } from 'node:crypto';
import type { Sql } from '@hs/db';
import { PROGRAMME_MESSAGES } from '@hs/domain';
import { HttpError } from '../errors';
import { type ProgrammeTerms, programmeById } from './programme-read';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** A new read-only link to a programme's report for a company contact; only the token's hash is kept. */
export async function createReportLink(sql: Sql, programmeId: number, email: string, days: number) {
  const token = randomBytes(32).toString('base64url');
  const [row] = await sql<{ expiresAt: Date }[]>`
    insert into programme_report_links (token_hash, programme_id, email, expires_at)
    values (${sha256(token)}, ${programmeId}, ${email}, now() + make_interval(days => ${days}))
    returning expires_at as "expiresAt"`;
  return { token, expiresAt: row!.expiresAt };
}

/** The programme a live link opens; 410 when it is unknown or past its time. */
export async function reportLinkProgramme(sql: Sql, token: string): Promise<ProgrammeTerms> {
  const [row] = await sql<{ programmeId: number }[]>`
    select programme_id as "programmeId" from programme_report_links
    where token_hash = ${sha256(token)} and expires_at > now()`;
  const p = row ? await programmeById(sql, row.programmeId) : null;
  if (!p) throw new HttpError(410, PROGRAMME_MESSAGES.reportExpired);
  return p;
}
