/**
 * Money: integer cents everywhere in code (SGD). Decimal strings only at the edges
 * ("123.45" on the wire and in Postgres decimal(10,2)), formatted en-SG for people.
 */

/** An amount of Singapore dollars in integer cents. */
export type Cents = number;

export const GST_PERCENT = 9;
export const CURRENCY = 'SGD';

const MONEY_PATTERN = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

/** The largest amount a decimal(10,2) column holds (prices, discount values): 99,999,999.99. */
export const DECIMAL_10_2_MAX_CENTS: Cents = 9_999_999_999;

/**
 * Integer division rounded half-up (half away from zero for negatives): `roundHalfUp(5, 2) === 3`.
 * Both operands must be integers; the divisor positive. Exact for |numerator| below 2^53.
 */
export function roundHalfUp(numerator: number, divisor: number): number {
  if (!Number.isInteger(numerator) || !Number.isInteger(divisor) || divisor <= 0) {
    throw new RangeError('roundHalfUp needs integers and a positive divisor');
  }
  const sign = numerator < 0 ? -1 : 1;
  const n = Math.abs(numerator);
  const q = Math.floor(n / divisor);
  const r = n - q * divisor;
  return sign * (r * 2 >= divisor ? q + 1 : q) || 0;
}

/**
 * `percent` of `cents`, rounded half-up to the cent. `percent` may carry up to 2 decimals
 * (12.5 means 12.5%); it is scaled to basis points first so no float drift reaches the result.
 */
export function percentOf(cents: Cents, percent: number): Cents {
  const basisPoints = Math.round(percent * 100);
  return roundHalfUp(cents * basisPoints, 10_000);
}

/**
 * Parses a decimal amount exactly: `"123.45"` -> 12345, `"7"` -> 700, `"0.5"` -> 50, `"-1.20"` -> -120.
 * Accepts a string (trimmed) or a finite number with at most 2 decimals. Anything else
 * (`"12.345"`, `"1,000"`, `"abc"`, `""`, `NaN`) gives `null`.
 */
export function parseMoney(input: string | number | null | undefined): Cents | null {
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return null;
    const cents = Math.round(input * 100);
    // Beyond 2^53 cents a number no longer holds whole cents exactly.
    if (!Number.isSafeInteger(cents)) return null;
    // reject numbers with more than 2 decimals (1.005 is not an amount of money)
    if (Math.abs(cents / 100 - input) > 1e-9 * Math.max(1, Math.abs(input))) return null;
    return cents || 0;
  }
  if (typeof input !== 'string') return null;
  const m = MONEY_PATTERN.exec(input.trim());
  if (!m) return null;
  const whole = m[2]!;
  const frac = (m[3] ?? '').padEnd(2, '0');
  const cents = Number(whole) * 100 + Number(frac);
  if (!Number.isSafeInteger(cents)) return null;
  return m[1] ? -cents || 0 : cents;
}

/** GST at 9 % on an amount before tax, rounded half-up to the cent: 12800 -> 1152. */
export function gstOnCents(cents: Cents): Cents {
  return roundHalfUp(cents * GST_PERCENT, 100);
}

/**
 * What a price before tax is to the public, GST included (IRAS: prices shown to the public include
 * GST; issue 46): 12800 -> 13952, as the order's total prices one person.
 */
export function withGstCents(cents: Cents): Cents {
  return cents + gstOnCents(cents);
}

/**
 * Amounts before tax shown to the public with GST included, so that the shown lines add up to the
 * order's total to the cent (issue 46). Each line's share is the GST-inclusive running total after
 * it minus the one before it: the rounding lands on the line where it happens, never in a gap.
 * [26800, 26800, -2680] -> [29212, 29212, -2921] (sum 55503 = withGstCents(50920)). The running
 * total must not go below zero (participants first, then discounts no larger than them).
 */
export function withGstShares(amounts: readonly Cents[]): Cents[] {
  let before = 0;
  return amounts.map((amount) => {
    const runningBefore = before;
    before += amount;
    if (before < 0) throw new RangeError('withGstShares: the running total went below zero');
    return withGstCents(before) - withGstCents(runningBefore);
  });
}

/**
 * The GST inside an amount that includes it (a refund of what was paid): `cents * 9/109` rounded
 * half-up to the cent. 10900 -> 900.
 */
export function includedGstCents(cents: Cents): Cents {
  return roundHalfUp(cents * GST_PERCENT, 100 + GST_PERCENT);
}

/** Cents to the wire/DB decimal string: 12345 -> "123.45", -5 -> "-0.05". */
export function toMoneyString(cents: Cents): string {
  assertCents(cents);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Cents to a number of dollars (for the payment gateway, which takes a number): 12345 -> 123.45. */
export function toDollars(cents: Cents): number {
  return Number(toMoneyString(cents));
}

/**
 * People-facing SGD amount, en-SG grouping, always 2 decimals: 123450 -> "S$1,234.50",
 * -500 -> "-S$5.00". One format used everywhere in the product.
 */
export function formatSGD(cents: Cents): string {
  const [whole, frac] = toMoneyString(Math.abs(cents)).split('.') as [string, string];
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${cents < 0 ? '-' : ''}S$${grouped}.${frac}`;
}

function assertCents(cents: number): void {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not an integer amount of cents: ${cents}`);
}
