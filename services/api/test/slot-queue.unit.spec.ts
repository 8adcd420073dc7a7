import { type DomainErrorCode, TIMESLOT_MESSAGES, domainError, domainErrorHttpStatus } from '@hs/domain';
import { CommandRefusedError } from '@hs/eventstore';
import { describe, expect, it } from 'vitest';
import { createSlotQueue } from '../src/booking/slot-queue';

/** What the slot's decider refuses a booking with, as bookRegistration throws it. */
const refused = (message: string) => new CommandRefusedError(domainError('SLOT_FULL', message));

/** A slot of `capacity` seats whose every read is counted, as bookRegistration would read its stream. */
function slot(capacity: number) {
  const state = { booked: 0, reads: 0 };
  const book = async () => {
    state.reads++;
    await new Promise((r) => setTimeout(r, 1));
    if (state.booked >= capacity) throw refused(TIMESLOT_MESSAGES.full);
    state.booked++;
    return 'booked';
  };
  return { state, book };
}

const outcome = (p: Promise<string>) =>
  p.then(
    (v) => v,
    // As the api answers a refusal (its error handler).
    (e: CommandRefusedError) => `${domainErrorHttpStatus({ code: e.code as DomainErrorCode })} ${e.message}`,
  );

describe('slot queue', () => {
  it('runs the bookings of one slot one at a time and answers the waiters of a full slot from one read', async () => {
    const queue = createSlotQueue();
    const s = slot(20);
    let running = 0;
    let most = 0;
    const answers = await Promise.all(
      Array.from({ length: 1000 }, () =>
        outcome(
          queue.bookInTurn(7, async () => {
            most = Math.max(most, ++running);
            try {
              return await s.book();
            } finally {
              running--;
            }
          }),
        ),
      ),
    );
    expect(most).toBe(1);
    expect(answers.filter((a) => a === 'booked')).toHaveLength(20);
    expect(answers.filter((a) => a === `409 ${TIMESLOT_MESSAGES.full}`)).toHaveLength(980);
    expect(s.state.booked).toBe(20);
    // 20 reads that booked, one that saw the slot full; everyone waiting then was answered from it.
    expect(s.state.reads).toBe(21);
  });

  it('a request arriving after the slot was seen full reads again (a cancellation may have freed a seat)', async () => {
    const queue = createSlotQueue();
    const s = slot(1);
    expect(await outcome(queue.bookInTurn(1, s.book))).toBe('booked');
    expect(await outcome(queue.bookInTurn(1, s.book))).toBe(`409 ${TIMESLOT_MESSAGES.full}`);
    s.state.booked = 0; // freed elsewhere
    expect(await outcome(queue.bookInTurn(1, s.book))).toBe('booked');
    expect(s.state.reads).toBe(3);
  });

  it('only "fully booked" is shared: "not enough seats" for a family says nothing about one person', async () => {
    const queue = createSlotQueue();
    let reads = 0;
    const notEnough = async () => {
      reads++;
      throw refused(TIMESLOT_MESSAGES.notEnough(1));
    };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => outcome(queue.bookInTurn(3, notEnough))),
    );
    expect(answers).toEqual(Array(5).fill(`409 ${TIMESLOT_MESSAGES.notEnough(1)}`));
    expect(reads).toBe(5);
  });

  it('keeps slots apart', async () => {
    const queue = createSlotQueue();
    const full = slot(0);
    const open = slot(5);
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => outcome(queue.bookInTurn(1, full.book))),
      ...Array.from({ length: 5 }, () => outcome(queue.bookInTurn(2, open.book))),
    ]);
    expect(answers.slice(5)).toEqual(Array(5).fill('booked'));
    expect(full.state.reads).toBe(1);
  });

  describe('a read made before the turn', () => {
    it('is fresh when no turn of the slot ran since it was observed', async () => {
      const queue = createSlotQueue();
      const observed = queue.observe(1);
      expect(await queue.bookInTurn(1, async (fresh) => fresh, observed)).toBe(true);
    });

    it('is stale when a turn of the slot began after it was observed', async () => {
      const queue = createSlotQueue();
      const observed = queue.observe(1);
      await queue.bookInTurn(1, async () => 'someone else booked');
      expect(await queue.bookInTurn(1, async (fresh) => fresh, observed)).toBe(false);
    });

    it('is stale when it was observed while a turn of the slot was running (its append may land after the read)', async () => {
      const queue = createSlotQueue();
      let release!: () => void;
      let started!: () => void;
      const running = new Promise<void>((r) => (started = r));
      const first = queue.bookInTurn(1, () => {
        started();
        return new Promise<void>((r) => (release = r));
      });
      await running;
      const observed = queue.observe(1);
      expect(observed).toBeNull();
      const second = queue.bookInTurn(1, async (fresh) => fresh, observed);
      release();
      await first;
      expect(await second).toBe(false);
    });

    it('of two requests observed together, only the first to take its turn finds its read fresh', async () => {
      const queue = createSlotQueue();
      const a = queue.observe(1);
      const b = queue.observe(1);
      const answers = await Promise.all([
        queue.bookInTurn(1, async (fresh) => fresh, a),
        queue.bookInTurn(1, async (fresh) => fresh, b),
      ]);
      expect(answers).toEqual([true, false]);
    });

    it('turns of other slots do not make it stale', async () => {
      const queue = createSlotQueue();
      const observed = queue.observe(1);
      await queue.bookInTurn(2, async () => 'other slot');
      expect(await queue.bookInTurn(1, async (fresh) => fresh, observed)).toBe(true);
    });

    it('a "fully booked" seen in such a read answers only the requests that had arrived before that read', async () => {
      const queue = createSlotQueue();
      const observed = queue.observe(1);
      const early = outcome(
        queue.bookInTurn(
          1,
          async (fresh) => {
            expect(fresh).toBe(true);
            throw refused(TIMESLOT_MESSAGES.full);
          },
          observed,
        ),
      );
      // Arrives after that read was made (a cancellation may have freed a seat since): reads for itself.
      const s = slot(1);
      const later = outcome(queue.bookInTurn(1, s.book));
      expect(await early).toBe(`409 ${TIMESLOT_MESSAGES.full}`);
      expect(await later).toBe('booked');
      expect(s.state.reads).toBe(1);
    });

    it('without an observation a turn never takes a read made before it', async () => {
      const queue = createSlotQueue();
      expect(await queue.bookInTurn(1, async (fresh) => fresh)).toBe(false);
    });
  });
});
