import { TIMESLOT_MESSAGES, domainError } from '@hs/domain';
import { CommandRefusedError } from '@hs/eventstore';
import { createKeyedMutex } from '@hs/commands';

const isFull = (err: unknown) => err instanceof CommandRefusedError && err.message === TIMESLOT_MESSAGES.full;
const fullyBooked = () => new CommandRefusedError(domainError('SLOT_FULL', TIMESLOT_MESSAGES.full));

/** Taken before a read of the slot made outside its turn (see `observe`). */
export interface SlotObservation {
  at: number;
  /** Requests that had arrived by then: the ones a "fully booked" from that read may answer. */
  arrivals: number;
}

/**
 * Bookings of one slot take turns inside this process: optimistic retries on a hot slot otherwise
 * livelock (everyone reads the same version, one wins per round). Across processes the expected
 * version of the slot's stream still decides.
 *
 * When a turn finds the slot full, every request that was already waiting when that turn read the
 * slot is answered "fully booked" without a read of its own: each of them was in flight when the slot
 * was seen full, so that answer is one it could have got (a request arriving later reads for itself,
 * and sees seats a cancellation freed). On a hot slot this turns a thousand sequential reads into one.
 *
 * A booking may read its slot before its turn, in the statement that prices it (one round trip
 * fewer). `observe` before that read, and the turn's work is told whether the read is still as fresh
 * as a read in the turn would be: no turn of the slot ran in this process since (nor was running).
 * Another process may still have booked the slot meanwhile; then the append's expected version
 * refuses, and the retry reads afresh.
 */
export function createSlotQueue() {
  const inTurn = createKeyedMutex();
  let arrivals = 0;
  /** Slot id -> the last arrival number known to have been waiting when the slot was read as full. */
  const fullFor = new Map<number, number>();
  let clock = 0;
  /** Slot id -> the clock when its latest turn began; entries of idle slots are dropped now and then. */
  const turnBegan = new Map<number, number>();
  const running = new Set<number>();
  /** Observations older than this cannot be judged (their slot's entry may have been dropped). */
  let forgottenBefore = 0;

  const observe = (slotId: number): SlotObservation | null =>
    running.has(slotId) ? null : { at: ++clock, arrivals };

  async function bookInTurn<T>(
    slotId: number,
    work: (readBeforeTurnIsFresh: boolean) => Promise<T>,
    observed: SlotObservation | null = null,
  ): Promise<T> {
    const ticket = ++arrivals;
    return inTurn(`slot:${slotId}`, async () => {
      const seenFull = fullFor.get(slotId);
      if (seenFull !== undefined && ticket <= seenFull) throw fullyBooked();
      const fresh =
        observed !== null && observed.at >= forgottenBefore && (turnBegan.get(slotId) ?? 0) < observed.at;
      turnBegan.set(slotId, ++clock);
      running.add(slotId);
      const waitingBeforeRead = fresh && observed ? observed.arrivals : arrivals;
      try {
        return await work(fresh);
      } catch (err) {
        if (isFull(err)) {
          // Old entries only cover requests long answered; the bound just keeps the map small.
          if (fullFor.size > 10_000) fullFor.clear();
          fullFor.set(slotId, Math.max(seenFull ?? 0, waitingBeforeRead));
        }
        throw err;
      } finally {
        running.delete(slotId);
        if (turnBegan.size > 10_000 && running.size === 0) {
          turnBegan.clear();
          forgottenBefore = ++clock;
        }
      }
    });
  }

  return { bookInTurn, observe };
}
