import { eventFormSchema } from '@hs/domain';
import * as v from 'valibot';

/**
 * Admin request bodies beyond the spec's forms. The spec's forms themselves
 * (with its messages) come from @hs/domain, shared with the web.
 */

export const DEFAULT_EVENT_CONFIG = {
  configType: 'manual' as 'manual' | 'auto',
  numSlots: 10,
  bufferHours: 24,
  slotsPerTimeslot: 1,
  maxAttendees: 20,
};

const intIn = (min: number, max: number, message: string) =>
  v.pipe(v.number(message), v.integer(message), v.minValue(min, message), v.maxValue(max, message));

/** How an event's timeslots come about (event_configs). */
export const EventConfigInput = v.object({
  configType: v.optional(
    v.picklist(['manual', 'auto'], "Timeslot mode must be 'manual' or 'auto'"),
    'manual',
  ),
  numSlots: v.optional(intIn(1, 365, 'Number of slots must be between 1 and 365'), 10),
  bufferHours: v.optional(intIn(0, 8760, 'Buffer hours must be between 0 and 8760'), 24),
  slotsPerTimeslot: v.optional(intIn(1, 100, 'Slots per timeslot must be between 1 and 100'), 1),
  maxAttendees: v.optional(intIn(1, 10000, 'Capacity must be between 1 and 10000'), 20),
});

/** The spec's event form plus what makes an event bookable: its packages and timeslot config. */
export const EventInput = v.object({
  ...eventFormSchema.entries,
  packageIds: v.optional(
    v.array(v.pipe(v.number(), v.integer(), v.minValue(1)), 'packageIds must be a list of package ids'),
  ),
  config: v.optional(EventConfigInput),
});
export type EventInputValue = v.InferOutput<typeof EventInput>;

export const TestModeInput = v.object({
  enabled: v.boolean('enabled must be true or false'),
});

/** A field a PATCH body leaves out keeps its stored value (the shared form schema would read it as null). */
export function leavesOut(body: unknown, field: string): boolean {
  return (body as Record<string, unknown> | null | undefined)?.[field] === undefined;
}

/** A PUT body that leaves isActive out (or null) keeps the current value instead of the create default. */
export function keepsActive(body: unknown): boolean {
  const value = (body as { isActive?: unknown } | null | undefined)?.isActive;
  return value === undefined || value === null;
}
