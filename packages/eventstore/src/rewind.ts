import type { Sql } from '@hs/db';

/**
 * Moves a subscription's checkpoint back to the start of the log, so its handler sees every event
 * again. For reactors after Redis lost its data (a restore with a new Redis, or a Redis without
 * persistence that restarted): the jobs they had enqueued, delayed reminders included, are gone, and
 * handling every event again enqueues them anew. That is safe because each job id comes from its
 * event and each job checks the registration's stream for its fact (ConfirmationEmailSent, ...)
 * before sending, so nothing already sent goes out again. Projections do not need this (use
 * rebuildProjection). Refuses while a runner holds the subscription's lease: stop the workers first,
 * or the running reactor would write its old checkpoint back.
 */
export async function rewindSubscription(sql: Sql, name: string): Promise<{ from: string | null }> {
  return sql.begin(async (tx) => {
    // The lease's own lock (acquireLease): a runner taking the lease waits for the rewind, or refuses it.
    await tx`select pg_advisory_xact_lock(hashtextextended(${`hs_lease:${name}`}, 0))`;
    const [lease] = await tx<{ holder: string; until: string }[]>`
      select holder, expires_at::text as until from projection_leases where name = ${name} and expires_at > now()`;
    if (lease) {
      throw new Error(
        `${name} is running (held by ${lease.holder} until ${lease.until}): stop the workers before rewinding it ` +
          '(a lease restored from a backup of a running site lapses by itself within seconds)',
      );
    }
    const [cp] = await tx<{ at: string }[]>`
      select transaction_id::text || '.' || global_position as at from subscription_checkpoints where name = ${name}
      for update`;
    if (!cp) return { from: null };
    await tx`update subscription_checkpoints set transaction_id = '0', global_position = 0, updated_at = now()
             where name = ${name}`;
    return { from: cp.at };
  });
}
