import { eventConfigSchema, eventFormSchema } from '@hs/domain';
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
