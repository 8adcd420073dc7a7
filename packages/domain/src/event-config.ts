/** How an event's timeslots come about (event_configs): its defaults and limits, for api and web alike. */
import * as v from 'valibot';

export const EVENT_CONFIG_TYPES = ['manual', 'auto'] as const;
export type EventConfigType = (typeof EVENT_CONFIG_TYPES)[number];

/** The settings of an event that has no event_configs row, and of each field a request leaves out. */
export const EVENT_CONFIG_DEFAULTS = {
  configType: 'manual' as EventConfigType,
  numSlots: 10,
  bufferHours: 24,
  slotsPerTimeslot: 1,
  maxAttendees: 20,
};

export interface WholeNumberLimit {
  min: number;
  max: number;
  message: string;
}

/** The range of each number and the message for a value outside it (maxAttendees: a slot's capacity). */
export const EVENT_CONFIG_LIMITS = {
  numSlots: { min: 1, max: 365, message: 'Number of slots must be between 1 and 365' },
  bufferHours: { min: 0, max: 8760, message: 'Buffer hours must be between 0 and 8760' },
  slotsPerTimeslot: { min: 1, max: 100, message: 'Slots per timeslot must be between 1 and 100' },
  maxAttendees: { min: 1, max: 10000, message: 'Capacity must be between 1 and 10000' },
} as const satisfies Record<string, WholeNumberLimit>;

export const CONFIG_TYPE_MESSAGE = "Timeslot mode must be 'manual' or 'auto'";

/** A whole number within `limit`; anything else fails with the limit's message. */
export const wholeNumberWithin = ({ min, max, message }: WholeNumberLimit) =>
  v.pipe(v.number(message), v.integer(message), v.minValue(min, message), v.maxValue(max, message));

/** An event's config as a request sends it: every field optional, a missing one takes its default. */
export const eventConfigSchema = v.object({
  configType: v.optional(
    v.picklist(EVENT_CONFIG_TYPES, CONFIG_TYPE_MESSAGE),
    EVENT_CONFIG_DEFAULTS.configType,
  ),
  numSlots: v.optional(wholeNumberWithin(EVENT_CONFIG_LIMITS.numSlots), EVENT_CONFIG_DEFAULTS.numSlots),
  bufferHours: v.optional(
    wholeNumberWithin(EVENT_CONFIG_LIMITS.bufferHours),
    EVENT_CONFIG_DEFAULTS.bufferHours,
  ),
  slotsPerTimeslot: v.optional(
    wholeNumberWithin(EVENT_CONFIG_LIMITS.slotsPerTimeslot),
    EVENT_CONFIG_DEFAULTS.slotsPerTimeslot,
  ),
  maxAttendees: v.optional(
    wholeNumberWithin(EVENT_CONFIG_LIMITS.maxAttendees),
    EVENT_CONFIG_DEFAULTS.maxAttendees,
  ),
});
