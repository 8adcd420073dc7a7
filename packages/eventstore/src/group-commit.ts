import { type Waiting as BatchWaiting, type Sql, type TransactionSql, createBatcher } from '@hs/db';
import {
  type AppendResult,
  type PreparedAppend,
  append,
  expectsAny,
  prepareAppend,
  toConcurrencyError,
} from './append';
import { encodeEventData, eventCodec } from './codec';
import { notifyAppended } from './notify';
import { statementSpan } from './spans';
import type { AppendRequest, MetadataInput } from './types';

/**
 * Group commit (issue 27): appends that arrive while a batch is being written wait, and go together
 * in the next one: one `eventstore_append_batch` statement, so one transaction and one WAL flush for
 * all of them. Each keeps its own expected versions and gets its own answer: a conflict or a
 * reference number already taken fails that append alone (the statement runs each in a
 * subtransaction), and its command retries or refuses as it would have alone.
 *
 * No append waits for company: when nothing is being written, the first one goes at once (after the
 * appends that arrived in the same turn of the event loop), so at low load this is the plain append.
 */
export interface GroupCommit {
  append(requests: AppendRequest[], metadata: MetadataInput): Promise<AppendResult>;
  /** Waits for everything queued to be written. */
  drain(): Promise<void>;
  readonly stats: GroupCommitStats;
}

export interface GroupCommitStats {
  batches: number;
  appends: number;
  largestBatch: number;
  /** Appends refused inside a batch (a wrong expected version, a unique violation) while the rest committed. */
  failedItems: number;
  /** Batches that failed as a whole (a deadlock, say) and were written one append at a time. */
  fallbacks: number;
}

export interface GroupCommitOptions {
  /** At most this many appends in one statement (Postgres caches 64 subtransaction ids per backend). */
  maxBatch?: number;
}

interface Pending {
  requests: AppendRequest[];
  metadata: MetadataInput;
  prepared: PreparedAppend;
}

type Waiting = BatchWaiting<Pending, AppendResult>;

interface ItemRow {
  r_item: number;
  r_stream_ids: string[] | null;
  r_versions: (number | string)[] | null;
  r_transaction_id: string | null;
  r_last_position: number | string | null;
  r_error_code: string | null;
  r_error_detail: string | null;
  r_error_constraint: string | null;
  r_error_message: string | null;
}

/** An item's failure, shaped as the driver reports a statement's (code, detail, constraint_name). */
export class BatchItemError extends Error {
  override readonly name = 'BatchItemError';
  constructor(
    message: string,
    readonly code: string,
    readonly detail: string | undefined,
    readonly constraint_name: string | undefined,
  ) {
    super(message);
  }
}

const MAX_BATCH = 64;

export function createGroupCommit(sql: Sql, options: GroupCommitOptions = {}): GroupCommit {
  const maxBatch = Math.min(options.maxBatch ?? MAX_BATCH, MAX_BATCH);
  const stats: GroupCommitStats = { batches: 0, appends: 0, largestBatch: 0, failedItems: 0, fallbacks: 0 };

  async function write(batch: Waiting[]): Promise<void> {
    const events = batch.flatMap((w) => w.item.prepared.events);
    const run = async (db: Sql | TransactionSql) => {
      const encoded = await encodeEventData(db, events);
      encoded.forEach((data, i) => {
        events[i]!.data = data;
      });
      const items = batch.map(({ item }) => ({
        streams: item.prepared.streams,
        events: item.prepared.events,
      }));
      return db<ItemRow[]>`
        select * from eventstore_append_batch(${JSON.stringify(items)}::text::jsonb, false)`;
    };
    // Encoding may create data keys (issue 24): then they and the events commit in one transaction.
    const rows: ItemRow[] = await statementSpan(
      'append_batch',
      () => (eventCodec()?.writes(events) ? sql.begin((tx) => run(tx)) : run(sql)),
      { 'hs.eventstore.appends': batch.length, 'hs.eventstore.events': events.length },
    );
    notifyAppended(sql);
    stats.batches++;
    stats.appends += batch.length;
    stats.largestBatch = Math.max(stats.largestBatch, batch.length);
    for (const row of rows) {
      const pending = batch[row.r_item]!;
      if (row.r_error_code) {
        stats.failedItems++;
        const failure = new BatchItemError(
          row.r_error_message ?? 'append failed',
          row.r_error_code,
          row.r_error_detail || undefined,
          row.r_error_constraint || undefined,
        );
        pending.reject(toConcurrencyError(failure) ?? failure);
        continue;
      }
      const versions: Record<string, number> = {};
      row.r_stream_ids!.forEach((id, i) => {
        versions[id] = Number(row.r_versions![i]);
      });
      pending.resolve({
        versions,
        position: { transactionId: row.r_transaction_id!, globalPosition: Number(row.r_last_position) },
      });
    }
  }

  /** Each append alone, as without group commit. */
  async function writeOneByOne(batch: Waiting[]): Promise<void> {
    await Promise.all(
      batch.map((w) => append(sql, w.item.requests, w.item.metadata).then(w.resolve, w.reject)),
    );
  }

  const batcher = createBatcher<Pending, AppendResult>(
    async (batch) => {
      try {
        if (batch.length === 1 || batch.some((w) => expectsAny(w.item.prepared))) {
          // One alone gains nothing from the batch statement; an 'any' append retries its own
          // transaction on a conflict, which only the plain path does.
          await writeOneByOne(batch);
        } else await write(batch);
      } catch (err) {
        // A failure of the whole statement (a deadlock with another process's batch, a
        // serialization failure) rolled it all back: write them one by one. Anything else (the
        // connection went) fails them all, as it would have failed each.
        if (!(err as { code?: string }).code?.startsWith('40')) throw err;
        stats.fallbacks++;
        await writeOneByOne(batch);
      }
    },
    { maxBatch },
  );

  return {
    stats,
    append(requests, metadata) {
      let prepared: PreparedAppend;
      try {
        prepared = prepareAppend(requests, metadata);
      } catch (err) {
        return Promise.reject(err);
      }
      return batcher.submit({ requests, metadata, prepared });
    },
    drain: () => batcher.drain(),
  };
}

const committers = new WeakMap<Sql, { commit: GroupCommit; users: number }>();

/**
 * Turns group commit on for the commands run on this pool (`handle` appends through it). Counted:
 * each enable needs its disable, which waits for what is queued.
 */
export function enableGroupCommit(sql: Sql, options?: GroupCommitOptions): GroupCommit {
  const entry = committers.get(sql) ?? { commit: createGroupCommit(sql, options), users: 0 };
  entry.users++;
  committers.set(sql, entry);
  return entry.commit;
}

export async function disableGroupCommit(sql: Sql): Promise<void> {
  const entry = committers.get(sql);
  if (!entry) return;
  entry.users--;
  if (entry.users <= 0) committers.delete(sql);
  await entry.commit.drain();
}

/** The pool's group commit, when it has one. */
export function groupCommitOf(sql: Sql): GroupCommit | undefined {
  return committers.get(sql)?.commit;
}
