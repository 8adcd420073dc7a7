import type { Insights } from '@hs/contracts';
import { describe, expect, it } from 'vitest';
import { CHARTS, chartOption, hasData, tableOf } from './options';

const data: Insights = {
  eventId: null,
  from: '2026-11-01',
  to: '2026-11-02',
  bookings: [
    { date: '2026-11-01', booked: 0, cancelled: 0, expired: 0 },
    { date: '2026-11-02', booked: 3, cancelled: 1, expired: 1 },
  ],
  revenue: [{ weekStart: '2026-10-26', gross: '120.50', discounts: '10.00', refunds: '5.00', net: '105.50' }],
  payments: [
    {
      weekStart: '2026-10-26',
      method: 'card',
      label: 'Card',
      received: '80.00',
      refunded: '0.00',
      net: '80.00',
    },
    {
      weekStart: '2026-10-26',
      method: 'paynow',
      label: 'PayNow',
      received: '40.50',
      refunded: '5.00',
      net: '35.50',
    },
    {
      weekStart: '2026-11-02',
      method: 'paynow',
      label: 'PayNow',
      received: '10.00',
      refunded: '0.00',
      net: '10.00',
    },
  ],
  utilisation: [
    { date: '2026-11-03', region: 'east', timeslotId: 1, time: '09:00', booked: 5, max: 20 },
    { date: '2026-11-04', region: null, timeslotId: 2, time: '14:00', booked: 3, max: 0 },
  ],
  noShows: [{ eventId: 1, eventName: 'Community', checkedIn: 3, noShow: 1, rate: 0.25 }],
  waitlist: [],
};

describe('the Reports charts (issue 25)', () => {
  it('gives each chart a table of the same figures', () => {
    expect(tableOf('bookings', data).rows).toEqual([
      ['2026-11-01', 0, 0, 0],
      ['2026-11-02', 3, 1, 1],
    ]);
    expect(tableOf('revenue', data).rows).toEqual([['2026-10-26', '120.50', '10.00', '5.00', '105.50']]);
    // Regions in words (issue 45), not the raw key 'east'.
    expect(tableOf('utilisation', data).rows[0]).toEqual(['2026-11-03', 'East', '09:00', 5, 20]);
    expect(tableOf('utilisation', data).rows[1]).toEqual(['2026-11-04', 'Any region', '14:00', 3, 0]);
    expect(tableOf('noShows', data).rows).toEqual([['Community', 3, 1, '25%']]);
    expect(tableOf('payments', data).rows[1]).toEqual(['2026-10-26', 'PayNow', '40.50', '5.00', '35.50']);
    for (const { name } of CHARTS) {
      const t = tableOf(name, data);
      for (const r of t.rows) expect(r).toHaveLength(t.headers.length);
    }
  });

  it("stacks each week's net by method, a week without a method at zero (issue 48)", () => {
    const option = chartOption('payments', data) as {
      xAxis: { data: string[] };
      series: { name: string; stack: string; data: number[] }[];
    };
    expect(option.xAxis.data).toEqual(['2026-10-26', '2026-11-02']);
    expect(option.series.map((s) => [s.name, s.data])).toEqual([
      ['Card', [80, 0]],
      ['PayNow', [35.5, 10]],
    ]);
    expect(new Set(option.series.map((s) => s.stack)).size).toBe(1);
  });

  it('knows an empty chart: a range of zero days, no waiting list', () => {
    expect(hasData('bookings', data)).toBe(true);
    expect(hasData('bookings', { ...data, bookings: [data.bookings[0]!] })).toBe(false);
    expect(hasData('waitlist', data)).toBe(false);
    // Events with nobody checked in nor marked a no-show: "no data yet", not an empty 0% chart (issue 45).
    const quiet = { ...data.noShows[0]!, checkedIn: 0, noShow: 0, rate: null };
    expect(hasData('noShows', data)).toBe(true);
    expect(hasData('noShows', { ...data, noShows: [quiet] })).toBe(false);
  });

  it('draws the heat map as booked/max percent per slot, a slot without seats as full', () => {
    const option = chartOption('utilisation', data) as { series: { data: number[][] }[] };
    expect(option.series[0]!.data).toEqual([
      // rows sorted by name: 'Any 14:00' before 'east 09:00'
      [0, 1, 25, 5, 20],
      [1, 0, 100, 3, 0],
    ]);
    const revenue = chartOption('revenue', data) as { series: { name: string; data: number[] }[] };
    expect(revenue.series.map((s) => [s.name, s.data])).toEqual([
      ['Gross', [120.5]],
      ['Discounts', [10]],
      ['Refunds', [5]],
      ['Net', [105.5]],
    ]);
  });
});
