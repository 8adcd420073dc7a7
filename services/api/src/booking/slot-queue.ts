import { TIMESLOT_MESSAGES } from '@hs/domain';
import { HttpError } from '../errors';
import { createKeyedMutex } from '../keyed-mutex';

const isFull = (err: unknown) =>
  err instanceof HttpError && err.statusCode === 409 && err.message === TIMESLOT_MESSAGES.full;

/**
 * Bookings of one slot take turns inside this process: optimistic retries on a hot slot otherwise
 * livelock (everyone reads the same version, one wins per round). Across processes the expected
 * version of the slot's stream still decides.
 *
 * When a turn finds the slot full, every request that was already waiting when that turn read the
 * slot is answered "fully booked" without a read of its own: each of them was in flight when the slot
 * was seen full, so that answer is one it could have got (a request arriving later reads for itself,
 * and sees seats a cancellation freed). On a hot slot this turns a thousand sequential reads into one.
 */
export function createSlotQueue() {
  const inTurn = createKeyedMutex();
  let arrivals = 0;
  /** Slot id -> the last arrival number known to have been waiting when the slot was read as full. */
  const fullFor = new Map<number, number>();

  return async function bookInTurn<T>(slotId: number, work: () => Promise<T>): Promise<T> {
    const ticket = ++arrivals;
    return inTurn(`slot:${slotId}`, async () => {
      const seenFull = fullFor.get(slotId);
      if (seenFull !== undefined && ticket <= seenFull) throw new HttpError(409, TIMESLOT_MESSAGES.full);
      const waitingBeforeRead = arrivals;
      try {
        return await work();
      } catch (err) {
        if (isFull(err)) {
          // Old entries only cover requests long answered; the bound just keeps the map small.
          if (fullFor.size > 10_000) fullFor.clear();
          fullFor.set(slotId, Math.max(seenFull ?? 0, waitingBeforeRead));
        }
        throw err;
      }
    });
  };
}
