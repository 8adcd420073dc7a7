import {
  catalogueTranslationsSchema,
  MAX_REMINDER_OFFSET_HOURS,
  MAX_REMINDER_RULES,
  REMINDER_CHANNELS,
  REMINDER_MESSAGES,
  eventConfigSchema,
  eventFormSchema,
  optionalVenueSchema,
  regionVenuesFormSchema,
} from '@hs/domain';
import * as v from 'valibot';

/**
 * Admin request bodies beyond the spec's forms. The spec's forms themselves
 * (with its messages) come from @hs/domain, shared with the web.
 */

/** The spec's event form plus what makes an event bookable: its packages and timeslot config. */
export const EventInput = v.object({
  ...eventFormSchema.entries,
  packageIds: v.optional(
    v.array(v.pipe(v.number(), v.integer(), v.minValue(1)), 'packageIds must be a list of package ids'),
  ),
  config: v.optional(eventConfigSchema),
  /** Issue 46: absent keeps the venue, null removes it. */
  venue: v.optional(optionalVenueSchema),
  /** Issue 46: absent keeps the region venues; otherwise the regions given replace them. */
  regionVenues: v.optional(v.nullable(regionVenuesFormSchema)),
  /** Issue 46: absent or null keeps the stored translations; an object replaces them. */
  translations: catalogueTranslationsSchema,
  /** Issue 26: absent keeps the schedule, null resets it to the default. */
  reminders: v.optional(
    v.nullable(
      v.pipe(
        v.array(
          v.object(
            {
              offsetHours: v.pipe(
                v.number(REMINDER_MESSAGES.badOffset),
                v.integer(REMINDER_MESSAGES.badOffset),
                v.minValue(1, REMINDER_MESSAGES.badOffset),
                v.maxValue(MAX_REMINDER_OFFSET_HOURS, REMINDER_MESSAGES.badOffset),
              ),
              channel: v.picklist(REMINDER_CHANNELS, REMINDER_MESSAGES.badChannel),
            },
            REMINDER_MESSAGES.notList,
          ),
          REMINDER_MESSAGES.notList,
        ),
        v.maxLength(MAX_REMINDER_RULES, REMINDER_MESSAGES.tooMany),
        v.check(
          (list) => new Set(list.map((r) => r.offsetHours)).size === list.length,
          REMINDER_MESSAGES.duplicate,
        ),
        v.transform((list) => [...list].sort((a, b) => b.offsetHours - a.offsetHours)),
      ),
    ),
  ),
});
export type EventInputValue = v.InferOutput<typeof EventInput>;

/** A field a PATCH body leaves out keeps its stored value (the shared form schema would read it as null). */
export function leavesOut(body: unknown, field: string): boolean {
  return (body as Record<string, unknown> | null | undefined)?.[field] === undefined;
}

/** A PUT body that leaves isActive out (or null) keeps the current value instead of the create default. */
export function keepsActive(body: unknown): boolean {
  const value = (body as { isActive?: unknown } | null | undefined)?.isActive;
  return value === undefined || value === null;
}
