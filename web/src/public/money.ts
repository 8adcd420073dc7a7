import { formatSGD, parseMoney, withGstCents } from '@hs/domain';

/** "123.45" (or a number) -> "S$123.45"; unparsable or empty -> "S$0.00". */
export function money(value: string | number | null | undefined): string {
  return formatSGD(toCents(value));
}

export function toCents(value: string | number | null | undefined): number {
  if (value === null || value === undefined || value === '') return 0;
  if (typeof value === 'number') return Math.round(value * 100);
  return parseMoney(value) ?? Math.round(Number(value) * 100) ?? 0;
}

/** A price before tax as the public sees it, GST in it (issue 46): "128.00" -> "S$139.52". */
export function publicPrice(value: string | number | null | undefined): string {
  return formatSGD(withGstCents(toCents(value)));
}
