import type { Operations } from '@hs/contracts';
import { singaporeInstant } from '@hs/domain';
import { describe, expect, it } from 'vitest';
import { todaysSlot } from './todays-slot';

const slot = (timeslotId: number, date: string, time: string, eventId = 1) => ({
  timeslotId,
  date,
  time,
  eventId,
  eventName: `Event ${eventId}`,
  orders: 1,
  people: 1,
  checkedIn: 0,
});
const ops = (slots: Operations['slots']): Operations => ({
  today: '2026-03-02',
  tomorrow: '2026-03-03',
  slots,
  awaitingPayment: { count: 0, orders: [] },
  revenue: null,
  waitlistOffers: 0,
  parkedEvents: 0,
});
const at = (time: string) => singaporeInstant('2026-03-02', time).getTime();

describe("the desk's slot now (issue 45)", () => {
  const day = ops([
    slot(3, '2026-03-03', '08:00', 9),
    slot(2, '2026-03-02', '11:00', 2),
    slot(1, '2026-03-02', '09:00', 1),
  ]);

  it('is the first slot before the day starts, and never a slot of tomorrow', () => {
    expect(todaysSlot(day, at('06:00'))?.timeslotId).toBe(1);
  });

  it('moves to the next slot half an hour before it starts, and stays on the last one after', () => {
    expect(todaysSlot(day, at('10:29'))?.timeslotId).toBe(1);
    expect(todaysSlot(day, at('10:30'))?.timeslotId).toBe(2);
    expect(todaysSlot(day, at('18:00'))).toMatchObject({ timeslotId: 2, eventId: 2 });
  });

  it('is null when nothing is booked today', () => {
    expect(todaysSlot(ops([slot(3, '2026-03-03', '08:00')]), at('09:00'))).toBeNull();
  });
});
