/** Reading a registration's stream and appending the worker's facts to it. */
import type { Sql } from '@hs/db';
import {
  type RegistrationCommand,
  type RegistrationEvent,
  type RegistrationState,
  decideRegistration,
  evolveRegistration,
  initialRegistrationState,
  isDomainError,
} from '@hs/domain';
import { type NewEvent, type RecordedEvent, handle, readStream } from '@hs/eventstore';
import { registrationStreamId } from '@hs/read-models';

export interface RegistrationRead {
  state: RegistrationState;
  events: RecordedEvent[];
}

/** Folds events; a type this build does not know leaves the state as it is. */
export function foldRegistration(events: readonly Pick<RecordedEvent, 'type' | 'data'>[]): RegistrationState {
  let state = initialRegistrationState();
  for (const e of events) {
    state = evolveRegistration(state, { type: e.type, data: e.data } as RegistrationEvent) ?? state;
  }
  return state;
}

export async function loadRegistration(sql: Sql, registrationId: number): Promise<RegistrationRead> {
  const events = await readStream(sql, registrationStreamId(registrationId));
  return { state: foldRegistration(events), events };
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
  const streamId = registrationStreamId(registrationId);
  await handle(
    sql,
    [streamId],
    (streams) => {
      const events = streams[streamId]?.events ?? [];
      const state = foldRegistration(events);
      if (!state.exists || unless?.({ state, events })) return { append: [] };
      const out: NewEvent[] = [];
      for (const fact of facts) {
        if (!isCommand(fact)) {
          out.push({ type: fact.type, data: fact.data });
          continue;
        }
        const decision = decideRegistration(state, fact);
        if (isDomainError(decision)) throw new Error(`${fact.type} refused: ${decision.message}`);
        out.push(...decision.map((e) => ({ type: e.type, data: e.data })));
      }
      return { append: [{ streamId, streamType: 'registration', events: out }] };
    },
    { metadata: { actor: meta.actor, causationId: meta.causationId }, maxAttempts: 8 },
  );
}
