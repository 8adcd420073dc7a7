/** Reading a registration's stream and appending the worker's facts to it. */
import type { Sql } from '@hs/db';
import {
  type RegistrationCommand,
  type RegistrationState,
  registrationDecider,
  registrationStream,
} from '@hs/domain';
import {
  type NewEvent,
  type RecordedEvent,
  aggregateStream,
  decideOn,
  foldStream,
  handle,
} from '@hs/eventstore';

export interface RegistrationRead {
  state: RegistrationState;
  events: RecordedEvent[];
}

export async function loadRegistration(sql: Sql, registrationId: number): Promise<RegistrationRead> {
  return aggregateStream(sql, registrationStream(registrationId).id, registrationDecider);
}

const isCommand = (f: RegistrationCommand | NewEvent): f is RegistrationCommand =>
  f.type.startsWith('Record');

export interface FactMeta {
  /** `worker:<job name>` */
  actor: string;
  /** The event that caused the job. */
  causationId?: string;
}

/**
 * Appends what the worker did. Commands the registration decider knows go through it; the other
 * worker facts (ReceiptEmailSent, CancellationEmailSent, EmailDeliveryFailed) are plain events.
 * `unless` sees the stream as read and may return true to write nothing (already recorded).
 */
export async function recordFacts(
  sql: Sql,
  registrationId: number,
  facts: Array<RegistrationCommand | NewEvent>,
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
      const out = facts.flatMap((fact): NewEvent[] =>
        isCommand(fact)
          ? decideOn(stream, read, registrationDecider, fact).events
          : [{ type: fact.type, data: fact.data }],
      );
      return { append: [{ streamId: stream.id, streamType: stream.category, events: out }] };
    },
    { metadata: { actor: meta.actor, causationId: meta.causationId }, maxAttempts: 8 },
  );
}
