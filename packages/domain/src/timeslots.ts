/**
 * Timeslot generation from the region table (spec sections 3, 7 and 9).
 *
 * For an event config and a postal code: the next `numSlots` dates on the region's weekdays whose
 * times start after now + bufferHours, skipping public holidays, each with the region's times; all in
 * Singapore time. By date: every region's slots on that date, grouped by region.
 *
 * Choices where the spec is silent:
 * - `numSlots` counts dates (each date carries all of the region's times that day);
 * - a time is offered only if it starts strictly after now + bufferHours (so a date may carry fewer
 *   times when the buffer ends during it);
 * - `slotsPerTimeslot` is the number of parallel lanes at each time: capacity = maxAttendees x lanes.
 * - labels: date 'Monday, 5 January 2026', time '9:00 AM'.
 * The natural key (eventId, region, date, time) makes generation idempotent: the same inputs give the
 * same keys, so storing them with an upsert never duplicates a slot.
 */
import {
  addDaysToDay,
  formatDateLabel,
  formatTimeLabel,
  singaporeDay,
  singaporeInstant,
  weekdayOf,
} from './dates';
import { EVENT_CONFIG_DEFAULTS } from './event-config';
import { REGIONS, type Region, type RegionLookup, regionForPostalCode, regionTimesOn } from './regions';

/** How far ahead to look for dates (holidays may swallow many). */
export const GENERATION_HORIZON_DAYS = 366;

export interface EventTimeslotConfig {
  numSlots?: number | null;
  bufferHours?: number | null;
  slotsPerTimeslot?: number | null;
  /** Capacity per lane, default 20. */
  maxAttendees?: number | null;
}

export interface ResolvedEventConfig {
  numSlots: number;
  bufferHours: number;
  slotsPerTimeslot: number;
  maxAttendees: number;
}

const wholeAtLeast = (value: number | null | undefined, min: number, fallback: number) =>
  typeof value === 'number' && Number.isInteger(value) && value >= min ? value : fallback;

/** Defaults for missing or nonsensical values (numSlots 10, bufferHours 24, slotsPerTimeslot 1, 20 seats). */
export function resolveEventConfig(config: EventTimeslotConfig = {}): ResolvedEventConfig {
  return {
    numSlots: wholeAtLeast(config.numSlots, 1, EVENT_CONFIG_DEFAULTS.numSlots),
    bufferHours:
      typeof config.bufferHours === 'number' && Number.isFinite(config.bufferHours) && config.bufferHours >= 0
        ? config.bufferHours
        : EVENT_CONFIG_DEFAULTS.bufferHours,
    slotsPerTimeslot: wholeAtLeast(config.slotsPerTimeslot, 1, EVENT_CONFIG_DEFAULTS.slotsPerTimeslot),
    maxAttendees: wholeAtLeast(config.maxAttendees, 1, EVENT_CONFIG_DEFAULTS.maxAttendees),
  };
}

export interface TimeslotNaturalKey {
  eventId: number;
  region: Region;
  /** yyyy-MM-dd (Singapore). */
  date: string;
  /** HH:mm (Singapore). */
  time: string;
}

/** "12:north:2026-01-05:09:00" */
export function timeslotKey(k: TimeslotNaturalKey): string {
  return `${k.eventId}:${k.region}:${k.date}:${k.time}`;
}

export interface GeneratedTimeslot extends TimeslotNaturalKey {
  key: string;
  /** The start instant, ISO (UTC). */
  startsAt: string;
  /** '9:00 AM' */
  label: string;
  /** 'Monday, 5 January 2026' */
  dateLabel: string;
  maxAttendees: number;
}

export interface GeneratedDate {
  date: string;
  label: string;
  region: Region;
  timeslots: GeneratedTimeslot[];
}

interface GenerationContext {
  eventId: number;
  holidays?: Iterable<string>;
  config?: EventTimeslotConfig;
}

function slotsOn(
  eventId: number,
  region: Region,
  date: string,
  config: ResolvedEventConfig,
  notBefore?: number,
) {
  const dateLabel = formatDateLabel(date);
  return regionTimesOn(region, weekdayOf(date))
    .map((time): GeneratedTimeslot => {
      const startsAt = singaporeInstant(date, time);
      return {
        eventId,
        region,
        date,
        time,
        key: timeslotKey({ eventId, region, date, time }),
        startsAt: startsAt.toISOString(),
        label: formatTimeLabel(time),
        dateLabel,
        maxAttendees: config.maxAttendees * config.slotsPerTimeslot,
      };
    })
    .filter((s) => notBefore === undefined || Date.parse(s.startsAt) > notBefore);
}

/** The next dates of a region (see the module comment). */
export function generateRegionTimeslots(
  input: GenerationContext & { region: Region; now: Date },
): GeneratedDate[] {
  const config = resolveEventConfig(input.config);
  const holidays = new Set(input.holidays ?? []);
  const notBefore = input.now.getTime() + config.bufferHours * 3_600_000;
  const dates: GeneratedDate[] = [];
  let day = singaporeDay(new Date(notBefore));
  for (
    let i = 0;
    i < GENERATION_HORIZON_DAYS && dates.length < config.numSlots;
    i++, day = addDaysToDay(day, 1)
  ) {
    if (holidays.has(day)) continue;
    const timeslots = slotsOn(input.eventId, input.region, day, config, notBefore);
    if (timeslots.length > 0)
      dates.push({ date: day, label: formatDateLabel(day), region: input.region, timeslots });
  }
  return dates;
}

export type PostalTimeslots =
  | { found: true; region: Region; regionName: string; postalCode: string; dates: GeneratedDate[] }
  | Extract<RegionLookup, { found: false }>;

/** Timeslots for a postal code; an unknown or malformed code gives the explicit no-region result. */
export function generateTimeslotsForPostalCode(
  input: GenerationContext & { postalCode: string; now: Date },
): PostalTimeslots {
  const lookup = regionForPostalCode(input.postalCode);
  if (!lookup.found) return lookup;
  return {
    found: true,
    region: lookup.region,
    regionName: lookup.name,
    postalCode: input.postalCode.trim(),
    dates: generateRegionTimeslots({ ...input, region: lookup.region }),
  };
}

/**
 * Every region's slots on one date, grouped by region (regions without slots that weekday are left
 * out; a holiday gives {}). With `now`, times inside the buffer are left out too, and so is a date
 * past the generation horizon: a lookup of any far date must not create slots for it.
 */
export function generateTimeslotsForDate(
  input: GenerationContext & { date: string; now?: Date },
): Partial<Record<Region, GeneratedDate>> {
  const config = resolveEventConfig(input.config);
  if (new Set(input.holidays ?? []).has(input.date)) return {};
  if (input.now && input.date > addDaysToDay(singaporeDay(input.now), GENERATION_HORIZON_DAYS)) return {};
  const notBefore = input.now ? input.now.getTime() + config.bufferHours * 3_600_000 : undefined;
  const out: Partial<Record<Region, GeneratedDate>> = {};
  for (const region of REGIONS) {
    const timeslots = slotsOn(input.eventId, region, input.date, config, notBefore);
    if (timeslots.length > 0)
      out[region] = { date: input.date, label: formatDateLabel(input.date), region, timeslots };
  }
  return out;
}

export interface DateGroup<T> {
  date: { date: string; label: string };
  timeslots: T[];
}

/**
 * The postal-code lookup shape: slots keyed by date (ascending), each with its date label and its
 * slots in time order.
 */
export function groupTimeslotsByDate<T extends { date: string; time: string }>(
  slots: readonly T[],
): Record<string, DateGroup<T>> {
  const sorted = [...slots].sort((a, b) => (a.date + a.time).localeCompare(b.date + b.time));
  const out: Record<string, DateGroup<T>> = {};
  for (const slot of sorted) {
    const group = out[slot.date] ?? {
      date: { date: slot.date, label: formatDateLabel(slot.date) },
      timeslots: [],
    };
    group.timeslots.push(slot);
    out[slot.date] = group;
  }
  return out;
}
