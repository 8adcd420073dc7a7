import type { Sql, TransactionSql } from '@hs/db';
import { append, type AppendResult } from './append';
import { CommandConflictError, ConcurrencyError } from './errors';
import { groupCommitOf } from './group-commit';
import { notifyAppended } from './notify';
import type { Position } from './position';
import { readStreams, type StreamRead } from './read';
import type { MetadataInput, NewEvent } from './types';

export interface Decision<R = undefined> {
  /** Events per stream; every stream must be one of those read. Empty: nothing is written. */
  append: Array<{ streamId: string; streamType?: string; events: NewEvent[] }>;
  /** Other rows committed in the same transaction as the events (a catalogue row, an audit entry). */
  alsoWrite?: (tx: TransactionSql) => Promise<unknown>;
  result?: R;
}

export type Decide<R> = (streams: Record<string, StreamRead>) => Decision<R> | Promise<Decision<R>>;

export interface HandleOptions {
  metadata: MetadataInput;
  /** Attempts in all, the first included. */
  maxAttempts?: number;
  /** Upper bound of the first retry's random delay; doubles per retry. */
  baseDelayMs?: number;
  /**
   * Streams read another way than in full: each reader answers the stream's current version and the
   * events the decision needs (a summary, say the latest of each kind). The version is what the
   * append expects, so a reader must take it from the same snapshot as its events.
   */
  readers?: Record<string, (sql: Sql) => Promise<StreamRead>>;
  /**
   * Reads the caller already made, used by the first attempt instead of reading those streams again
   * (a read that rode in an earlier statement). Stale is safe: the append then conflicts, and the
   * retry reads afresh.
   */
  firstReads?: Record<string, StreamRead>;
}

export interface HandleResult<R> {
  result: R | undefined;
  /** Null when the decision wrote nothing. */
  position: Position | null;
  versions: AppendResult['versions'];
}

/**
 * Runs a command: read the streams, decide, append with the versions read as expected versions.
 * The reads happen before the transaction opens, so the transaction stays short and its id is newer
 * than any event it read; that is what keeps each stream's events in version order for subscribers
 * (docs/events.md). A lost race is retried with fresh reads after a jittered delay; after
 * `maxAttempts` it surfaces as CommandConflictError (409).
 */
export async function handle<R = undefined>(
  sql: Sql,
  streamIds: readonly string[],
  decide: Decide<R>,
  options: HandleOptions,
): Promise<HandleResult<R>> {
  const maxAttempts = options.maxAttempts ?? 5;
  const base = options.baseDelayMs ?? 5;
  for (let attempt = 1; ; attempt++) {
    const custom = options.readers ?? {};
    const given = attempt === 1 ? (options.firstReads ?? {}) : {};
    const toRead = streamIds.filter((id) => !given[id]);
    const own = toRead.filter((id) => custom[id]);
    const plain = toRead.filter((id) => !custom[id]);
    const [streams, ownReads] = await Promise.all([
      readStreams(sql, plain),
      Promise.all(own.map((id) => custom[id]!(sql))),
    ]);
    own.forEach((id, i) => {
      streams[id] = ownReads[i]!;
    });
    for (const id of streamIds) if (given[id]) streams[id] = given[id]!;
    const decision = await decide(streams);
    const requests = decision.append
      .filter((a) => a.events.length > 0)
      .map((a) => {
        const read = streams[a.streamId];
        if (!read) throw new TypeError(`Decision appends to ${a.streamId}, which the command did not read`);
        return { ...a, expectedVersion: read.version };
      });
    if (requests.length === 0 && !decision.alsoWrite) {
      return { result: decision.result, position: null, versions: {} };
    }
    try {
      let written: AppendResult | null = null;
      if (decision.alsoWrite) {
        const alsoWrite = decision.alsoWrite;
        written = await sql.begin(async (tx) => {
          const r = requests.length
            ? await append(tx, requests, options.metadata, { notifyInTransaction: false })
            : null;
          await alsoWrite(tx);
          return r;
        });
        if (written) notifyAppended(sql);
      } else {
        // With group commit on for this pool (the api's), the append rides in the next batch.
        const group = groupCommitOf(sql);
        written = group
          ? await group.append(requests, options.metadata)
          : await append(sql, requests, options.metadata);
      }
      return {
        result: decision.result,
        position: written?.position ?? null,
        versions: written?.versions ?? {},
      };
    } catch (err) {
      if (!(err instanceof ConcurrencyError)) throw err;
      if (attempt >= maxAttempts) throw new CommandConflictError(err.streamId, attempt, { cause: err });
      await new Promise((r) => setTimeout(r, Math.random() * base * 2 ** (attempt - 1)));
    }
  }
}
