/**
 * Commands through a decider (in the manner of Emmett's CommandHandler): read, fold, decide, append
 * with the version read as expected version, retry a lost race. The event store knows no domain, so
 * the decider and its refusal are described here by their shape.
 */
import type { Sql } from '@hs/db';
import { type HandleOptions, type HandleResult, handle } from './command';
import { type StreamRead, readStream } from './read';
import type { Queryable, RecordedEvent } from './types';

/** A refusal from a decider (the domain's DomainError). */
export interface Refusal {
  kind: 'DomainError';
  code: string;
  message: string;
}

export interface CommandDecider<S, C, E extends { type: string; data: unknown }> {
  initialState: () => S;
  evolve: (state: S, event: E) => S;
  decide: (state: S, command: C) => E[] | Refusal;
}

/** A stream to write, and its category (the `stream_type` it is stored with). */
export interface StreamName {
  id: string;
  category: string;
}

/** A decider refused the command; the api answers it with the status its code maps to. */
export class CommandRefusedError extends Error {
  override readonly name = 'CommandRefusedError';
  readonly code: string;
  constructor(refusal: Refusal) {
    super(refusal.message);
    this.code = refusal.code;
  }
}

type Event = { type: string; data: unknown };

/** A stream's state: its events folded over the decider's initial state. */
export function foldStream<S, E extends Event>(
  events: readonly Pick<RecordedEvent, 'type' | 'data'>[],
  decider: Pick<CommandDecider<S, never, E>, 'initialState' | 'evolve'>,
): S {
  let state = decider.initialState();
  for (const e of events) state = decider.evolve(state, { type: e.type, data: e.data } as E);
  return state;
}

/** Current state of a stream, with its events and the version it was read at. */
export async function aggregateStream<S, E extends Event>(
  sql: Queryable,
  streamId: string,
  decider: Pick<CommandDecider<S, never, E>, 'initialState' | 'evolve'>,
): Promise<{ state: S; events: RecordedEvent[]; version: number }> {
  const events = await readStream(sql, streamId);
  return { state: foldStream(events, decider), events, version: events.at(-1)?.version ?? 0 };
}

export interface Decided<S, E> {
  /** The stream's state before the command, and after its events. */
  before: S;
  after: S;
  events: E[];
  /** What `handle`'s decision appends for it. */
  append: { streamId: string; streamType: string; events: E[] };
}

/**
 * Decides a command on one stream as read: folds it, decides, and throws the refusal as
 * CommandRefusedError. For a command that writes several streams in one append, inside `handle`'s
 * decide; handleCommand is the one-stream case.
 */
export function decideOn<S, C, E extends Event>(
  stream: StreamName,
  read: StreamRead | undefined,
  decider: CommandDecider<S, C, E>,
  command: C,
): Decided<S, E> {
  const before = foldStream(read?.events ?? [], decider);
  const decision = decider.decide(before, command);
  if (!Array.isArray(decision)) throw new CommandRefusedError(decision);
  return {
    before,
    after: decision.reduce(decider.evolve, before),
    events: decision,
    append: { streamId: stream.id, streamType: stream.category, events: decision },
  };
}

/** Runs a command on one stream through its decider (see `handle` for reads, retries and options). */
export async function handleCommand<S, C, E extends Event>(
  sql: Sql,
  stream: StreamName,
  decider: CommandDecider<S, C, E>,
  command: C,
  options: HandleOptions,
): Promise<HandleResult<Decided<S, E>>> {
  return handle(
    sql,
    [stream.id],
    (read) => {
      const decided = decideOn(stream, read[stream.id], decider, command);
      return { append: [decided.append], result: decided };
    },
    options,
  );
}
