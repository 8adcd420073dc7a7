/** The job queues as GET /api/admin/queues answers them: the System page's view and the Today tab's counts. */

/** A failed job as the queue view shows it. */
export interface FailedJob {
  id: string;
  name: string | null;
  reason: string;
  attempts: number | null;
  failedAt: string | null;
}

export interface QueueView {
  name: string;
  counts: Record<string, number>;
  failed: FailedJob[];
}

const asRecord = (x: unknown): Record<string, unknown> =>
  x && typeof x === 'object' ? (x as Record<string, unknown>) : {};
const asString = (x: unknown): string | null =>
  typeof x === 'string' ? x : typeof x === 'number' ? String(x) : null;
const asTime = (x: unknown): string | null =>
  typeof x === 'number' ? new Date(x).toISOString() : typeof x === 'string' ? x : null;

/**
 * GET /api/admin/queues: `data.queues` (each with `counts` and `failedJobs`), read leniently: `data` may
 * also be the list itself or an object by queue name, counts may sit at the top level, failed jobs may
 * be called `failed`.
 */
export function normalizeQueues(body: unknown): QueueView[] {
  const root = asRecord(body).data ?? body;
  const nested = asRecord(root).queues;
  const list = Array.isArray(root) ? root : Array.isArray(nested) ? nested : null;
  const entries: [string, unknown][] = list
    ? list.map((q) => [asString(asRecord(q).name) ?? '', q])
    : Object.entries(asRecord(root));
  return entries.map(([key, raw]) => {
    const q = asRecord(raw);
    const countsSource = asRecord(q.counts ?? q.jobCounts ?? q);
    const counts: Record<string, number> = {};
    for (const [k, v] of Object.entries(countsSource)) if (typeof v === 'number') counts[k] = v;
    const jobs = q.failedJobs ?? q.failed;
    const failed = (Array.isArray(jobs) ? jobs : []).map((j) => {
      const job = asRecord(j);
      return {
        id: asString(job.id) ?? '',
        name: asString(job.name),
        reason: asString(job.failedReason ?? job.reason ?? job.error) ?? 'Unknown reason',
        attempts:
          typeof job.attemptsMade === 'number'
            ? job.attemptsMade
            : typeof job.attempts === 'number'
              ? job.attempts
              : null,
        failedAt: asTime(job.failedAt ?? job.finishedOn ?? job.timestamp),
      };
    });
    return { name: asString(q.name) ?? key, counts, failed };
  });
}
