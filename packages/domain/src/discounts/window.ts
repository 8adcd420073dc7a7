import { TZDate } from '@date-fns/tz';
import { formatDiscountDate, parseIsoDay, SINGAPORE_TZ } from '../dates';

/**
 * A discount start/end as epoch ms. A bare day "yyyy-MM-dd" is a Singapore day: the start of it
 * for a start date, the last millisecond of it for an end date. Null when absent or unparsable.
 */
export function parseDiscountInstant(value: string | null | undefined, edge: 'start' | 'end'): number | null {
  if (!value) return null;
  const day = parseIsoDay(value);
  if (day) {
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    const start = new TZDate(y, m - 1, d, SINGAPORE_TZ).getTime();
    return edge === 'start' ? start : new TZDate(y, m - 1, d + 1, SINGAPORE_TZ).getTime() - 1;
  }
  const t = Date.parse(value);
  return Number.isNaN(t) ? null : t;
}

export interface DiscountWindow {
  startDate?: string | null;
  endDate?: string | null;
}

export type WindowState = 'not-started' | 'active' | 'expired';

/** Inclusive at both ends; a missing bound is open. */
export function discountWindowState(window: DiscountWindow, now: Date): WindowState {
  const t = now.getTime();
  const start = parseDiscountInstant(window.startDate, 'start');
  const end = parseDiscountInstant(window.endDate, 'end');
  if (start !== null && t < start) return 'not-started';
  if (end !== null && t > end) return 'expired';
  return 'active';
}

/** 'Always valid', 'From Jan 5, 2026', 'Until Feb 1, 2026' or 'Jan 5, 2026 - Feb 1, 2026'. */
export function formatDiscountValidity(window: DiscountWindow): string {
  const { startDate, endDate } = window;
  if (!startDate && !endDate) return 'Always valid';
  if (!endDate) return `From ${formatDiscountDate(startDate)}`;
  if (!startDate) return `Until ${formatDiscountDate(endDate)}`;
  return `${formatDiscountDate(startDate)} - ${formatDiscountDate(endDate)}`;
}
