import type { Insights } from '@hs/contracts';
import { isRegion, regionName } from '@hs/domain';

/** A region in words ('north' -> 'North'; none -> 'Any region'), as staff read it (issue 45). */
export const regionLabel = (region: string | null): string =>
  region === null ? 'Any region' : isRegion(region) ? regionName(region) : region;

/** The charts of the Reports tab (issue 25; payments by method, issue 48), in the order shown. */
export const CHARTS = [
  { name: 'bookings', title: 'Bookings per day' },
  { name: 'revenue', title: 'Revenue per week (SGD)' },
  { name: 'payments', title: 'Payments by method per week (SGD)' },
  { name: 'utilisation', title: 'Seat utilisation by date and region' },
  { name: 'noShows', title: 'No-show rate per event' },
  { name: 'waitlist', title: 'Waiting-list demand per region' },
] as const;
export type ChartName = (typeof CHARTS)[number]['name'];

const axisLabel = { hideOverlap: true };
const grid = { left: 48, right: 16, top: 40, bottom: 48, containLabel: true };

/** The ECharts option of one chart from the insights answer. */
export function chartOption(name: ChartName, data: Insights): Record<string, unknown> {
  switch (name) {
    case 'bookings':
      return {
        tooltip: { trigger: 'axis' },
        legend: { top: 0 },
        grid,
        xAxis: { type: 'category', data: data.bookings.map((r) => r.date.slice(5)), axisLabel },
        yAxis: { type: 'value', minInterval: 1 },
        series: (['booked', 'cancelled', 'expired'] as const).map((key) => ({
          name: key[0]!.toUpperCase() + key.slice(1),
          type: 'bar',
          stack: key === 'booked' ? undefined : 'lost',
          data: data.bookings.map((r) => r[key]),
        })),
      };
    case 'revenue':
      return {
        tooltip: { trigger: 'axis' },
        legend: { top: 0 },
        grid,
        xAxis: { type: 'category', data: data.revenue.map((r) => r.weekStart), axisLabel },
        yAxis: { type: 'value' },
        series: (['gross', 'discounts', 'refunds', 'net'] as const).map((key) => ({
          name: key[0]!.toUpperCase() + key.slice(1),
          type: key === 'net' ? 'line' : 'bar',
          data: data.revenue.map((r) => Number(r[key])),
        })),
      };
    case 'payments': {
      // One stacked bar per week: each method's net (received less refunded), methods as the api orders them.
      const weeks = [...new Set(data.payments.map((r) => r.weekStart))];
      const labels = [...new Set(data.payments.map((r) => r.label))];
      return {
        tooltip: { trigger: 'axis' },
        legend: { top: 0 },
        grid,
        xAxis: { type: 'category', data: weeks, axisLabel },
        yAxis: { type: 'value' },
        series: labels.map((label) => ({
          name: label,
          type: 'bar',
          stack: 'net',
          data: weeks.map((w) => {
            const row = data.payments.find((r) => r.weekStart === w && r.label === label);
            return row ? Number(row.net) : 0;
          }),
        })),
      };
    }
    case 'utilisation': {
      // Rows: region and time of day; columns: dates; each cell the slot's booked/max in percent.
      const dates = [...new Set(data.utilisation.map((r) => r.date))];
      const rowOf = (r: Insights['utilisation'][number]) => `${regionLabel(r.region)}, ${r.time}`;
      const rows = [...new Set(data.utilisation.map(rowOf))].sort();
      return {
        tooltip: {
          formatter: (p: { data: [number, number, number, number, number] }) =>
            `${dates[p.data[0]]} ${rows[p.data[1]]}: ${p.data[3]}/${p.data[4]} seats`,
        },
        grid: { ...grid, left: 8, top: 16, bottom: 72 },
        xAxis: { type: 'category', data: dates.map((d) => d.slice(5)), splitArea: { show: true }, axisLabel },
        yAxis: { type: 'category', data: rows, splitArea: { show: true } },
        visualMap: {
          min: 0,
          max: 100,
          calculable: true,
          orient: 'horizontal',
          left: 'center',
          bottom: 0,
          text: ['100% full', '0%'],
        },
        series: [
          {
            type: 'heatmap',
            data: data.utilisation.map((r) => [
              dates.indexOf(r.date),
              rows.indexOf(rowOf(r)),
              r.max > 0 ? Math.round((r.booked / r.max) * 100) : 100,
              r.booked,
              r.max,
            ]),
          },
        ],
      };
    }
    case 'noShows':
      return {
        tooltip: { trigger: 'axis' },
        grid,
        xAxis: { type: 'category', data: data.noShows.map((r) => r.eventName), axisLabel },
        yAxis: { type: 'value', max: 100, axisLabel: { formatter: '{value}%' } },
        series: [
          {
            name: 'No-show rate',
            type: 'bar',
            data: data.noShows.map((r) => (r.rate === null ? 0 : Math.round(r.rate * 1000) / 10)),
          },
        ],
      };
    case 'waitlist':
      return {
        tooltip: { trigger: 'axis' },
        legend: { top: 0 },
        grid,
        xAxis: { type: 'category', data: data.waitlist.map((r) => regionLabel(r.region)), axisLabel },
        yAxis: { type: 'value', minInterval: 1 },
        series: (['joined', 'seats'] as const).map((key) => ({
          name: key === 'joined' ? 'People waiting' : 'Seats asked for',
          type: 'bar',
          data: data.waitlist.map((r) => r[key]),
        })),
      };
  }
}

/**
 * Whether a chart has anything to show: bookings, any day with a figure; no-shows, an event where anyone
 * checked in or was marked a no-show (an empty chart read as "no one missed", issue 45).
 */
export function hasData(name: ChartName, data: Insights): boolean {
  if (name === 'bookings') return data.bookings.some((r) => r.booked + r.cancelled + r.expired > 0);
  if (name === 'noShows') return data.noShows.some((r) => r.checkedIn + r.noShow > 0);
  return data[name].length > 0;
}

/** The table view's columns of a chart: header and cell text. */
export function tableOf(name: ChartName, data: Insights): { headers: string[]; rows: (string | number)[][] } {
  switch (name) {
    case 'bookings':
      return {
        headers: ['Date', 'Booked', 'Cancelled', 'Expired'],
        rows: data.bookings.map((r) => [r.date, r.booked, r.cancelled, r.expired]),
      };
    case 'revenue':
      return {
        headers: ['Week of', 'Gross', 'Discounts', 'Refunds', 'Net'],
        rows: data.revenue.map((r) => [r.weekStart, r.gross, r.discounts, r.refunds, r.net]),
      };
    case 'payments':
      return {
        headers: ['Week of', 'Method', 'Received', 'Refunded', 'Net'],
        rows: data.payments.map((r) => [r.weekStart, r.label, r.received, r.refunded, r.net]),
      };
    case 'utilisation':
      return {
        headers: ['Date', 'Region', 'Time', 'Booked', 'Seats'],
        rows: data.utilisation.map((r) => [r.date, regionLabel(r.region), r.time, r.booked, r.max]),
      };
    case 'noShows':
      return {
        headers: ['Event', 'Checked in', 'No-show', 'No-show rate'],
        rows: data.noShows.map((r) => [
          r.eventName,
          r.checkedIn,
          r.noShow,
          r.rate === null ? '–' : `${Math.round(r.rate * 1000) / 10}%`,
        ]),
      };
    case 'waitlist':
      return {
        headers: ['Region', 'People waiting', 'Seats asked for'],
        rows: data.waitlist.map((r) => [regionLabel(r.region), r.joined, r.seats]),
      };
  }
}
