/** Reading a registration's stream and appending the worker's facts to it. */
import type { Sql } from '@hs/db';
import {
  type RegistrationCommand,
  type RegistrationState,
  type WorkerFact,
  registrationDecider,
  registrationStream,
} from '@hs/domain';
import { type RecordedEvent, aggregateStream, decideOn, foldStream, handle } from '@hs/eventstore';

export interface RegistrationRead {
  state: RegistrationState;
  events: RecordedEvent[];
}

export async function loadRegistration(sql: Sql, registrationId: number): Promise<RegistrationRead> {
  return aggregateStream(sql, registrationStream(registrationId).id, registrationDecider);
}

/** A fact recorded as it happened (an email sent or undeliverable, a reminder's outcome), as a command. */
export const workerFact = (fact: WorkerFact): RegistrationCommand => ({ type: 'RecordWorkerFact', fact });

export interface FactMeta {
  /** `worker:<job name>` */
  actor: string;
  /** The event that caused the job. */
  causationId?: string;
}

/**
 * Appends what the worker did: each fact is a command the registration decider decides (the facts
 * taken as they happened through RecordWorkerFact, `workerFact`). `unless` sees the stream as read
 * and may return true to write nothing (already recorded).
 */
export async function recordFacts(
  sql: Sql,
  registrationId: number,
  facts: RegistrationCommand[],
  meta: FactMeta,
  unless?: (read: RegistrationRead) => boolean,
): Promise<void> {
  const stream = registrationStream(registrationId);
  await handle(
    sql,
    [stream.id],
    (streams) => {
      const read = streams[stream.id];
      const events = read?.events ?? [];
      const state = foldStream(events, registrationDecider);
      if (!state.exists || unless?.({ state, events })) return { append: [] };
      // Each command is decided on the stream as read: the facts of one job are independent.
      const out = facts.flatMap((fact) => decideOn(stream, read, registrationDecider, fact).events);
      return { append: [{ streamId: stream.id, streamType: stream.category, events: out }] };
    },
    { metadata: { actor: meta.actor, causationId: meta.causationId }, maxAttempts: 8 },
  );
}
