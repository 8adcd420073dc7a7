import type { Operations } from '@hs/contracts';
import { singaporeInstant } from '@hs/domain';

/** A slot is "now" from this long before it starts: people come early. */
const EARLY_MS = 30 * 60_000;

/**
 * The slot the desk is serving at `now` (issue 45): the latest of today's slots that has started, or
 * starts within half an hour; before the first, the first. Null when nothing is booked today.
 */
export function todaysSlot(operations: Operations, now: number): Operations['slots'][number] | null {
  const today = operations.slots
    .filter((s) => s.date === operations.today)
    .sort((a, b) => a.time.localeCompare(b.time) || a.timeslotId - b.timeslotId);
  let current = today[0] ?? null;
  for (const s of today) if (singaporeInstant(s.date, s.time).getTime() - EARLY_MS <= now) current = s;
  return current;
}
