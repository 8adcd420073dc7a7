import type { Queryable, RecordedEvent } from './types';

/**
 * Turns event data into what `events.data` stores and back (issue 24: personal fields encrypted with
 * per-person keys). Set once at process start by each composition root (api, worker, test stack); without
 * one, data is stored as given. `encode` runs in the append's transaction (or on the pool just before
 * it, when the append is its own transaction) and may write there (new data keys); it must not mutate
 * its input. `decode` rewrites the events' data in place and should cost nothing for events without
 * encoded fields.
 */
export interface EventCodec {
  /** True when encoding these events writes rows (then the append runs in one transaction with them). */
  writes(events: readonly { type: string; data: unknown }[]): boolean;
  encode(events: readonly { type: string; data: unknown }[], db: Queryable): Promise<unknown[]>;
  /** Top-level data fields decode needs besides the ones a reader asks for (see dataColumn). */
  decodeFields?: readonly string[];
  decode(events: readonly RecordedEvent[], db: Queryable): Promise<void>;
}

let codec: EventCodec | null = null;

export function setEventCodec(next: EventCodec | null): void {
  codec = next;
}

export function eventCodec(): EventCodec | null {
  return codec;
}

export async function encodeEventData(
  db: Queryable,
  events: readonly { type: string; data: unknown }[],
): Promise<unknown[]> {
  return codec ? codec.encode(events, db) : events.map((e) => e.data);
}

export async function decodeEvents<E extends readonly RecordedEvent[]>(db: Queryable, events: E): Promise<E> {
  if (codec && events.length > 0) await codec.decode(events, db);
  return events;
}
