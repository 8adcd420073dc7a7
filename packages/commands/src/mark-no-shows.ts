import type { Sql } from '@hs/db';
import { addDaysToDay, registrationDecider, registrationStream, singaporeToday } from '@hs/domain';
import { CommandConflictError, CommandRefusedError, handleCommand } from '@hs/eventstore';
import { selectDueNoShows } from '@hs/read-models';

/** Orders marked per sweep at most; the rest wait for the next one. */
const BATCH = 200;
/**
 * How far back a sweep looks: a worker that was down for a day still marks that day, while orders
 * booked before check-in existed are never all called no-shows at once.
 */
export const NO_SHOW_LOOKBACK_DAYS = 3;

/**
 * One sweep of the no-shows (issue 23): after an appointment's Singapore day has ended, everyone on
 * the order not checked in is marked no-show (MarkedNoShow, once per order). Safe from any number of
 * workers at once: the append expects the stream's version, and a marked order decides nothing.
 * Returns the registrations it marked.
 */
export async function markDueNoShows(
  sql: Sql,
  clock: () => Date,
  meta: { actor: string },
): Promise<number[]> {
  const today = singaporeToday(clock());
  const due = await selectDueNoShows(
    sql,
    { since: addDaysToDay(today, -NO_SHOW_LOOKBACK_DAYS), today },
    BATCH,
  );
  const marked: number[] = [];
  for (const { registrationId, appointmentDate } of due) {
    try {
      const { result } = await handleCommand(
        sql,
        registrationStream(registrationId),
        registrationDecider,
        { type: 'MarkNoShow', appointmentDate, at: clock().toISOString() },
        { metadata: { actor: meta.actor } },
      );
      if (result!.events.length > 0) marked.push(registrationId);
    } catch (err) {
      // Rescheduled to a later day since the read model saw it: the stream said no, rightly.
      if (err instanceof CommandRefusedError) continue;
      if (err instanceof CommandConflictError) continue;
      throw err;
    }
  }
  return marked;
}
