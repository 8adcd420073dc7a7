/**
 * The work the reactor owes (issue 47, table `owed_work`, migration 033): a row per reaction it
 * enqueued, written in the same step as the enqueue and deleted at the job's final outcome. The
 * worker's reconciler reads the rows of a bounded window and enqueues again what Redis lost.
 */
import type { Sql } from '@hs/db';

export interface OwedWork {
  /** The BullMQ job id (`reactionJobId(queue, eventId)`). */
  jobId: string;
  queue: string;
  jobName: string;
  /** The job's payload (ids only, never personal data). */
  payload: Record<string, unknown>;
  /** The order whose stream holds the job's done facts; null for a waiting-list email. */
  registrationId: number | null;
  /** When the reactor recorded it. */
  owedSince: Date;
  /**
   * `owed_since` as Postgres prints it (microseconds): the paging cursor. A JS Date keeps only
   * milliseconds, so a cursor built from it would sort before rows of its own instant and repeat them.
   */
  owedSinceExact: string;
  /** How long until it is due (a delayed reaction; 0 when due). */
  delayMs: number;
  /** A run of the job holds it now (its job is in flight, whatever Redis says). */
  claimed: boolean;
}

/** A page's last row: the next page starts after it. */
export type OwedWorkCursor = Pick<OwedWork, 'owedSinceExact' | 'jobId'>;

/** Records owed work; a row already there (the reactor handing an event over twice) is kept as it is. */
export async function recordOwedWork(
  sql: Sql,
  rows: Array<Omit<OwedWork, 'delayMs' | 'owedSince' | 'owedSinceExact' | 'claimed'> & { delayMs?: number }>,
): Promise<void> {
  if (rows.length === 0) return;
  const json = rows.map((r) => ({
    job_id: r.jobId,
    queue: r.queue,
    job_name: r.jobName,
    payload: r.payload,
    registration_id: r.registrationId,
    delay_ms: r.delayMs ?? 0,
  }));
  // One statement per batch: a set-based insert from the batch as JSON.
  await sql`
    insert into owed_work (job_id, queue, job_name, payload, registration_id, due_at)
    select x.job_id, x.queue, x.job_name, x.payload, x.registration_id,
      now() + make_interval(secs => x.delay_ms / 1000.0)
    from jsonb_to_recordset(${sql.json(json as never)}::jsonb)
      as x(job_id text, queue text, job_name text, payload jsonb, registration_id bigint, delay_ms bigint)
    on conflict (job_id) do nothing`;
}

type OwedRow = {
  job_id: string;
  queue: string;
  job_name: string;
  payload: Record<string, unknown>;
  registration_id: string | null;
  owed_since: Date;
  owed_since_exact: string;
  delay_ms: number;
  claimed: boolean;
};

const fromRow = (r: OwedRow): OwedWork => ({
  jobId: r.job_id,
  queue: r.queue,
  jobName: r.job_name,
  payload: r.payload,
  registrationId: r.registration_id === null ? null : Number(r.registration_id),
  owedSince: r.owed_since,
  owedSinceExact: r.owed_since_exact,
  delayMs: Math.round(Number(r.delay_ms)),
  claimed: r.claimed,
});

/**
 * Owed work recorded between `lookbackMs` and `graceMs` ago (the reconciler's window; the grace lets
 * the reactor's own enqueue land first), by the database's clock as the rows are, oldest first, at
 * most `limit` rows after the row `after` (the last of the previous page).
 */
export async function selectOwedWork(
  sql: Sql,
  window: { lookbackMs: number; graceMs: number; limit: number; after?: OwedWorkCursor },
): Promise<OwedWork[]> {
  // '-infinity' sorts before every row: the first page.
  const after = window.after ?? { owedSinceExact: '-infinity', jobId: '' };
  const rows = await sql<OwedRow[]>`
    select job_id, queue, job_name, payload, registration_id, owed_since,
      owed_since::text as owed_since_exact,
      greatest(0, extract(epoch from due_at - now()) * 1000)::float8 as delay_ms,
      coalesce(claimed_until > now(), false) as claimed
    from owed_work
    where (owed_since, job_id) > (${after.owedSinceExact}::text::timestamptz, ${after.jobId})
      and owed_since >= now() - make_interval(secs => ${window.lookbackMs / 1000})
      and owed_since <= now() - make_interval(secs => ${window.graceMs / 1000})
    order by owed_since, job_id
    limit ${window.limit}`;
  return rows.map(fromRow);
}

/** The oldest `limit` rows owed since before the look-back window (not claimed by a run). */
export async function selectStaleOwedWork(
  sql: Sql,
  window: { lookbackMs: number; limit: number },
): Promise<OwedWork[]> {
  const rows = await sql<OwedRow[]>`
    select job_id, queue, job_name, payload, registration_id, owed_since,
      owed_since::text as owed_since_exact,
      greatest(0, extract(epoch from due_at - now()) * 1000)::float8 as delay_ms,
      false as claimed
    from owed_work
    where owed_since < now() - make_interval(secs => ${window.lookbackMs / 1000})
      and (claimed_until is null or claimed_until < now())
    order by owed_since, job_id
    limit ${window.limit}`;
  return rows.map(fromRow);
}

/**
 * Rows the log does not show settled, owed since before the window: owed again from now, so the
 * next sweeps' window holds them (and enqueues their jobs again if Redis no longer has them).
 */
export async function oweAgain(sql: Sql, jobIds: readonly string[]): Promise<void> {
  if (jobIds.length === 0) return;
  await sql`update owed_work set owed_since = now() where job_id = any(${jobIds as string[]}::text[])`;
}

/**
 * A run of the job takes its row for `ttlMs` (renewed by calling again with the same `token`):
 * 'claimed'; 'held' while another run holds it; 'none' when no row is owed (a job enqueued before
 * issue 47, an admin's retry of a settled job): the run goes on without a claim.
 */
export async function claimOwedWork(
  sql: Sql,
  jobId: string,
  token: string,
  ttlMs: number,
): Promise<'claimed' | 'held' | 'none'> {
  // The conditions are on the row updated (not on a read before it), so two runs claiming at once
  // are ordered by the row lock and the second sees the first's claim.
  const [row] = await sql<{ mine: boolean; owed: boolean }[]>`
    with took as (
      update owed_work set claimed_by = ${token},
        claimed_until = now() + make_interval(secs => ${ttlMs / 1000})
      where job_id = ${jobId}
        and (claimed_until is null or claimed_until < now() or claimed_by = ${token})
      returning job_id
    )
    select exists (select 1 from took) as mine,
      exists (select 1 from owed_work where job_id = ${jobId}) as owed`;
  if (row!.mine) return 'claimed';
  return row!.owed ? 'held' : 'none';
}

/** The run ends without a final outcome (it will be retried): its claim is given back. */
export async function releaseOwedWork(sql: Sql, jobId: string, token: string): Promise<void> {
  await sql`
    update owed_work set claimed_by = null, claimed_until = null
    where job_id = ${jobId} and claimed_by = ${token}`;
}

/** The jobs reached their final outcome (or their done fact is in the log): nothing more is owed. */
export async function settleOwedWork(sql: Sql, jobIds: readonly string[]): Promise<void> {
  if (jobIds.length === 0) return;
  await sql`delete from owed_work where job_id = any(${jobIds as string[]}::text[])`;
}

/** Owed work recorded before the look-back window (stuck: the reconciler leaves it alone). */
export async function countOwedWorkBefore(sql: Sql, lookbackMs: number): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    select count(*)::int as n from owed_work
    where owed_since < now() - make_interval(secs => ${lookbackMs / 1000})`;
  return row!.n;
}

/** How many rows are owed in all (for tests and the admin's eye). */
export async function countOwedWork(sql: Sql): Promise<number> {
  const [row] = await sql<{ n: number }[]>`select count(*)::int as n from owed_work`;
  return row!.n;
}
