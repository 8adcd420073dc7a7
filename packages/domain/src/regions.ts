/**
 * The built-in region table (spec section 3): a region is found from the first two digits
 * of a 6-digit postal code; each region offers fixed weekday times.
 */

export const REGIONS = ['north', 'south', 'east', 'west', 'central'] as const;
export type Region = (typeof REGIONS)[number];

/** 0 = Sunday ... 6 = Saturday (as `Date#getDay`). */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export interface RegionDefinition {
  region: Region;
  name: string;
  /** Two-digit postal prefixes as numbers (1 = "01"). */
  prefixes: readonly number[];
  /** Weekday -> start times "HH:mm" (Singapore time), ascending. */
  schedule: Readonly<Partial<Record<Weekday, readonly string[]>>>;
}

const range = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

export const REGION_TABLE: readonly RegionDefinition[] = [
  {
    region: 'north',
    name: 'North',
    prefixes: [...range(53, 57), 72, 73, ...range(75, 80), 82],
    schedule: { 1: ['09:00', '11:00'], 3: ['08:00', '10:00'], 6: ['08:00', '10:00'] },
  },
  {
    region: 'south',
    name: 'South',
    prefixes: [...range(1, 10), ...range(14, 16)],
    schedule: { 2: ['09:00', '11:00'], 6: ['09:00'] },
  },
  {
    region: 'east',
    name: 'East',
    prefixes: [...range(42, 52), 81],
    schedule: { 4: ['08:00', '10:00'], 5: ['08:00', '10:00'] },
  },
  {
    region: 'west',
    name: 'West',
    prefixes: [...range(11, 13), ...range(58, 71)],
    schedule: { 2: ['08:00'], 4: ['09:00', '11:00'], 6: ['08:00', '10:00'] },
  },
  {
    region: 'central',
    name: 'Central',
    prefixes: range(17, 41),
    schedule: { 1: ['08:00', '10:00'], 5: ['09:00', '11:00'] },
  },
];

const two = (n: number) => String(n).padStart(2, '0');

/** Prefixes as runs: [53, 54, 55, 72] -> '53-55, 72'. */
export function prefixRuns(prefixes: readonly number[]): string {
  const runs: string[] = [];
  const sorted = [...prefixes].sort((a, b) => a - b);
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    runs.push(i === j ? two(sorted[i]!) : `${two(sorted[i]!)}-${two(sorted[j]!)}`);
    i = j + 1;
  }
  return runs.join(', ');
}

/**
 * What the public info panel shows of each region: every prefix it serves (issue 46). The spec's
 * panel named shorter ranges ("North 53-56"), which told people in Tampines, Jurong or Woodlands
 * they could not book; the panel now shows the table the lookups use.
 */
export const REGION_INFO_PANEL: readonly { region: Region; name: string; prefixes: string }[] =
  REGION_TABLE.map((d) => ({ region: d.region, name: d.name, prefixes: prefixRuns(d.prefixes) }));

/** "North 53-57, 72-73, 75-80, 82; South 01-10, 14-16; ..." */
export const REGION_INFO_PANEL_TEXT = REGION_INFO_PANEL.map((r) => `${r.name} ${r.prefixes}`).join('; ');

const BY_REGION = new Map(REGION_TABLE.map((d) => [d.region, d]));
const BY_PREFIX = new Map(REGION_TABLE.flatMap((d) => d.prefixes.map((p) => [p, d] as const)));

export function regionDefinition(region: Region): RegionDefinition {
  return BY_REGION.get(region)!;
}

export function isRegion(value: unknown): value is Region {
  return typeof value === 'string' && BY_REGION.has(value as Region);
}

/** Display name of a region: 'north' -> 'North'. */
export function regionName(region: Region): string {
  return regionDefinition(region).name;
}

export const POSTAL_CODE_PATTERN = /^\d{6}$/;
export const POSTAL_CODE_MESSAGE = 'Postal code must be 6 digits';
export const NO_REGION_MESSAGE = 'No region serves this postal code';

/** Exactly 6 digits (what triggers a timeslot lookup in the booking form). */
export function isValidPostalCode(postalCode: string): boolean {
  return POSTAL_CODE_PATTERN.test(postalCode);
}

export type RegionLookup =
  | { found: true; region: Region; name: string; prefix: string; definition: RegionDefinition }
  | { found: false; reason: 'invalid-postal-code' | 'unknown-prefix'; message: string };

/** Region of a postal code; never throws: a malformed code or an unserved prefix is an explicit result. */
export function regionForPostalCode(postalCode: string): RegionLookup {
  const code = String(postalCode ?? '').trim();
  if (!isValidPostalCode(code))
    return { found: false, reason: 'invalid-postal-code', message: POSTAL_CODE_MESSAGE };
  const prefix = code.slice(0, 2);
  const definition = BY_PREFIX.get(Number(prefix));
  if (!definition) return { found: false, reason: 'unknown-prefix', message: NO_REGION_MESSAGE };
  return { found: true, region: definition.region, name: definition.name, prefix, definition };
}

/** Start times of a region on a weekday ([] when the region has none that day). */
export function regionTimesOn(region: Region, weekday: Weekday): readonly string[] {
  return regionDefinition(region).schedule[weekday] ?? [];
}
