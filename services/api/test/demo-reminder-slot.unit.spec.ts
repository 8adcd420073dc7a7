import { describe, expect, it } from 'vitest';
import { demoManualSlots } from '../src/seed/demo-data';
import { demoReminderSlot } from '../src/seed/demo-reminders';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The UTC instant of a Singapore day and HH:mm. */
const instantOf = ({ date, time }: { date: string; time: string }) => Date.parse(`${date}T${time}:00+08:00`);

describe('the demo seed’s reminder slot', () => {
  it('took the regular 09:00 slot when seeded at 08:56 on a Thursday; now it takes 09:05', () => {
    const now = new Date('2026-11-26T00:56:25Z');
    const manual = demoManualSlots(now).map((s) => `${s.date} ${s.time}`);
    expect(manual).toContain('2026-11-29 09:00');
    expect(demoReminderSlot(now)).toEqual({ date: '2026-11-29', time: '09:05' });
  });

  it('at every minute of two weeks: off the quarter hours, due 3 to 13 minutes on, never a regular slot', () => {
    const start = Date.parse('2026-11-23T00:00:00Z');
    for (let t = start; t < start + 14 * 24 * HOUR; t += MINUTE) {
      const now = new Date(t);
      const slot = demoReminderSlot(now);
      const minutes = Number(slot.time.slice(3));
      expect(minutes % 5, slot.time).toBe(0);
      // Every other demo slot of the event starts on a quarter hour (seed/*.ts).
      expect(minutes % 15, slot.time).not.toBe(0);
      const dueIn = instantOf(slot) - 72 * HOUR - t;
      expect(dueIn, now.toISOString()).toBeGreaterThanOrEqual(3 * MINUTE);
      expect(dueIn, now.toISOString()).toBeLessThanOrEqual(13 * MINUTE);
      const taken = demoManualSlots(now).some((s) => s.date === slot.date && s.time === slot.time);
      expect(taken, now.toISOString()).toBe(false);
    }
  });
});
