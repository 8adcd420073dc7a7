import type { Sql, TransactionSql } from '@hs/db';

/** Either the pool or a caller's open transaction: everything that only queries accepts both. */
export type Queryable = Sql | TransactionSql;

/** Who caused an event: `public`, `admin:<username>`, `partner:<key id>`, `worker:<job>`. */
export type Actor = string;

export interface EventMetadata {
  eventId: string;
  correlationId: string;
  causationId: string;
  actor: Actor;
  requestId: string | null;
  /**
   * The trace context the event was appended in (W3C Trace Context, issue 47), when tracing is on:
   * the projection batch and the jobs it causes join the request's trace through it.
   */
  traceparent?: string;
  /** Written by older builds only: vendor state is not kept in the log. */
  tracestate?: string;
}

/** Context shared by every event of one append (one command, one job, one request). */
export interface MetadataInput {
  actor: Actor;
  correlationId?: string;
  causationId?: string;
  requestId?: string;
}

export interface NewEvent<T = unknown> {
  type: string;
  data: T;
  /** Fixed by the caller when the same event may be submitted twice; otherwise a fresh UUIDv7. */
  eventId?: string;
}

/** A number (the stream must be at exactly that version; 0 means new), `no_stream`, or `any`. */
export type ExpectedVersion = number | 'no_stream' | 'any';

export interface AppendRequest {
  streamId: string;
  /** Defaults to the stream id up to its first `-` (`registration-42` -> `registration`). */
  streamType?: string;
  expectedVersion: ExpectedVersion;
  events: NewEvent[];
}

export interface RecordedEvent<T = unknown> {
  eventId: string;
  streamId: string;
  version: number;
  type: string;
  data: T;
  metadata: EventMetadata;
  globalPosition: number;
  /** xid8 as a decimal string: compared in SQL only. */
  transactionId: string;
  recordedAt: Date;
}
