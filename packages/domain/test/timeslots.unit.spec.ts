import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  REGIONS,
  generateRegionTimeslots,
  generateTimeslotsForDate,
  generateTimeslotsForPostalCode,
  groupTimeslotsByDate,
  regionDefinition,
  resolveEventConfig,
  singaporeInstant,
  timeslotKey,
  weekdayOf,
} from '../src';

// Thursday 1 January 2026, 10:00 in Singapore
const now = new Date('2026-01-01T02:00:00Z');

describe('timeslot generation by postal code', () => {
  it('gives the next region weekdays after the buffer with labels and capacity', () => {
    const r = generateTimeslotsForPostalCode({
      eventId: 7,
      postalCode: '530123',
      now,
      config: { numSlots: 3 },
    });
    expect(r.found).toBe(true);
    if (!r.found) return;
    expect(r).toMatchObject({ region: 'north', regionName: 'North', postalCode: '530123' });
    // north: Mon, Wed, Sat. Buffer ends Fri 2 Jan 10:00 -> Sat 3, Mon 5, Wed 7
    expect(r.dates.map((d) => d.date)).toEqual(['2026-01-03', '2026-01-05', '2026-01-07']);
    expect(r.dates[1]).toEqual({
      date: '2026-01-05',
      label: 'Monday, 5 January 2026',
      region: 'north',
      timeslots: [
        {
          eventId: 7,
          region: 'north',
          date: '2026-01-05',
          time: '09:00',
          key: '7:north:2026-01-05:09:00',
          startsAt: '2026-01-05T01:00:00.000Z',
          label: '9:00 AM',
          dateLabel: 'Monday, 5 January 2026',
          maxAttendees: 20,
        },
        expect.objectContaining({ time: '11:00', label: '11:00 AM', key: '7:north:2026-01-05:11:00' }),
      ],
    });
  });

  it('defaults to 10 dates, 24 buffer hours, 1 lane of 20', () => {
    expect(resolveEventConfig()).toEqual({
      numSlots: 10,
      bufferHours: 24,
      slotsPerTimeslot: 1,
      maxAttendees: 20,
    });
    expect(
      resolveEventConfig({ numSlots: 0, bufferHours: -1, slotsPerTimeslot: 1.5, maxAttendees: null }),
    ).toEqual(resolveEventConfig());
    const r = generateRegionTimeslots({ eventId: 1, region: 'south', now });
    expect(r).toHaveLength(10);
    expect(
      generateRegionTimeslots({
        eventId: 1,
        region: 'south',
        now,
        config: { slotsPerTimeslot: 2, maxAttendees: 15 },
      })[0]!.timeslots[0]!.maxAttendees,
    ).toBe(30);
  });

  it('skips holidays', () => {
    const r = generateRegionTimeslots({
      eventId: 1,
      region: 'north',
      now,
      holidays: ['2026-01-05'],
      config: { numSlots: 2 },
    });
    expect(r.map((d) => d.date)).toEqual(['2026-01-03', '2026-01-07']);
  });

  it('drops the times inside the buffer on the day it ends', () => {
    // buffer ends Sat 3 Jan 09:30 -> north Sat 08:00 gone, 10:00 kept
    const r = generateRegionTimeslots({
      eventId: 1,
      region: 'north',
      now: new Date('2026-01-02T01:30:00Z'),
      config: { numSlots: 1 },
    });
    expect(r[0]!.timeslots.map((s) => s.time)).toEqual(['10:00']);
  });

  it('gives the explicit no-region result for an unknown prefix', () => {
    expect(generateTimeslotsForPostalCode({ eventId: 1, postalCode: '740000', now })).toEqual({
      found: false,
      reason: 'unknown-prefix',
      message: 'No region serves this postal code',
    });
  });

  it('is idempotent: same inputs, same natural keys', () => {
    const a = generateRegionTimeslots({ eventId: 3, region: 'west', now });
    const b = generateRegionTimeslots({ eventId: 3, region: 'west', now });
    expect(a.flatMap((d) => d.timeslots.map((s) => s.key))).toEqual(
      b.flatMap((d) => d.timeslots.map((s) => s.key)),
    );
    expect(timeslotKey({ eventId: 3, region: 'west', date: '2026-01-06', time: '08:00' })).toBe(
      '3:west:2026-01-06:08:00',
    );
  });
});

describe('timeslot generation by date', () => {
  it('groups every region of that weekday', () => {
    // Monday: north 09:00/11:00 and central 08:00/10:00
    const r = generateTimeslotsForDate({ eventId: 2, date: '2026-01-05' });
    expect(Object.keys(r)).toEqual(['north', 'central']);
    expect(r.north!.label).toBe('Monday, 5 January 2026');
    expect(r.north!.timeslots.map((s) => s.label)).toEqual(['9:00 AM', '11:00 AM']);
    expect(r.central!.timeslots.map((s) => s.label)).toEqual(['8:00 AM', '10:00 AM']);
    // Saturday: north, south, west
    expect(Object.keys(generateTimeslotsForDate({ eventId: 2, date: '2026-01-03' }))).toEqual([
      'north',
      'south',
      'west',
    ]);
    expect(generateTimeslotsForDate({ eventId: 2, date: '2026-01-04' })).toEqual({});
  });

  it('gives nothing on a holiday, and honours the buffer when now is given', () => {
    expect(generateTimeslotsForDate({ eventId: 2, date: '2026-01-05', holidays: ['2026-01-05'] })).toEqual(
      {},
    );
    const r = generateTimeslotsForDate({
      eventId: 2,
      date: '2026-01-05',
      now: new Date('2026-01-04T01:30:00Z'),
    });
    expect(r.central!.timeslots.map((s) => s.time)).toEqual(['10:00']);
    expect(r.north!.timeslots.map((s) => s.time)).toEqual(['11:00']);
  });

  it('gives nothing for a date past the generation horizon when now is given', () => {
    const now = new Date('2026-01-04T01:30:00Z'); // 09:30 on Sunday 4 January in Singapore
    // 366 days on: Tuesday 5 January 2027, the horizon's last day, still has slots.
    expect(Object.keys(generateTimeslotsForDate({ eventId: 2, date: '2027-01-05', now }))).toEqual([
      'south',
      'west',
    ]);
    // A Tuesday a week later does not.
    expect(generateTimeslotsForDate({ eventId: 2, date: '2027-01-12', now })).toEqual({});
    expect(generateTimeslotsForDate({ eventId: 2, date: '9999-12-31', now })).toEqual({});
  });
});

const dayArb = fc
  .integer({ min: 0, max: 800 })
  .map((n) => new Date(Date.UTC(2025, 0, 1 + n)).toISOString().slice(0, 10));

describe('timeslot generation properties', () => {
  it('never on a holiday, never inside the buffer, always on the region weekdays', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...REGIONS),
        fc.date({ min: new Date('2025-01-01'), max: new Date('2027-01-01'), noInvalidDate: true }),
        fc.array(dayArb, { maxLength: 60 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 0, max: 24 * 14 }),
        (region, at, holidays, numSlots, bufferHours) => {
          const dates = generateRegionTimeslots({
            eventId: 1,
            region,
            now: at,
            holidays,
            config: { numSlots, bufferHours },
          });
          expect(dates.length).toBe(numSlots);
          const weekdays = Object.keys(regionDefinition(region).schedule).map(Number);
          const earliest = at.getTime() + bufferHours * 3_600_000;
          let previous = '';
          for (const d of dates) {
            expect(holidays).not.toContain(d.date);
            expect(weekdays).toContain(weekdayOf(d.date));
            expect(d.date > previous).toBe(true);
            previous = d.date;
            for (const s of d.timeslots) {
              expect(Date.parse(s.startsAt)).toBeGreaterThan(earliest);
              expect(singaporeInstant(s.date, s.time).toISOString()).toBe(s.startsAt);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('groupTimeslotsByDate', () => {
  it('keys slots by date with the date label, in time order', () => {
    const slots = [
      { id: 3, date: '2026-01-07', time: '10:00' },
      { id: 1, date: '2026-01-05', time: '11:00' },
      { id: 2, date: '2026-01-05', time: '09:00' },
    ];
    const grouped = groupTimeslotsByDate(slots);
    expect(Object.keys(grouped)).toEqual(['2026-01-05', '2026-01-07']);
    expect(grouped['2026-01-05']).toEqual({
      date: { date: '2026-01-05', label: 'Monday, 5 January 2026' },
      timeslots: [slots[2], slots[1]],
    });
  });
});
