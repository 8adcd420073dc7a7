import type { Sql } from '@hs/db';
import {
  type TimeslotCommand,
  type TimeslotEvent,
  decideTimeslot,
  evolveTimeslot,
  initialTimeslotState,
  isDomainError,
} from '@hs/domain';
import { type Position, type StreamRead, handle } from '@hs/eventstore';
import { timeslotStreamId } from '@hs/read-models';
import { HttpError, notFound } from '../errors';

/** Runs a capacity command on one timeslot stream (decide before write; expected version guards the race). */
export async function runTimeslotCommand(
  sql: Sql,
  timeslotId: number,
  command: TimeslotCommand,
  actor: string,
  requestId?: string,
): Promise<{ position: Position | null }> {
  const [slot] = await sql<
    { maxAttendees: number }[]
  >`select max_attendees as "maxAttendees" from timeslots where id = ${timeslotId}`;
  if (!slot) throw notFound('Timeslot not found');
  const streamId = timeslotStreamId(timeslotId);
  const { position } = await handle(
    sql,
    [streamId],
    (streams: Record<string, StreamRead>) => {
      const state = (streams[streamId]?.events ?? []).reduce(
        (s, e) => evolveTimeslot(s, { type: e.type, data: e.data } as TimeslotEvent),
        initialTimeslotState(slot.maxAttendees),
      );
      const decision = decideTimeslot(state, command);
      if (isDomainError(decision)) throw new HttpError(409, decision.message);
      return {
        append: [
          { streamId, streamType: 'timeslot', events: decision.map((e) => ({ type: e.type, data: e.data })) },
        ],
      };
    },
    { metadata: { actor, requestId } },
  );
  return { position };
}
