import { slotCapacity } from '@hs/commands';
import type { Sql } from '@hs/db';
import { type TimeslotCommand, timeslotDeciderFor, timeslotStream } from '@hs/domain';
import { type Position, handleCommand } from '@hs/eventstore';
import { notFound } from '../errors';

/** Runs a capacity command on one timeslot stream (decide before write; expected version guards the race). */
export async function runTimeslotCommand(
  sql: Sql,
  timeslotId: number,
  command: TimeslotCommand,
  actor: string,
  requestId?: string,
): Promise<{ position: Position | null }> {
  const capacity = await slotCapacity(sql, timeslotId);
  if (capacity === null) throw notFound('Timeslot not found');
  const { position } = await handleCommand(
    sql,
    timeslotStream(timeslotId),
    timeslotDeciderFor(capacity),
    command,
    {
      metadata: { actor, requestId },
    },
  );
  return { position };
}
