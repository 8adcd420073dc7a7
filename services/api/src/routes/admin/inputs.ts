import * as v from 'valibot';

/** Request bodies of the admin calls, with the spec's validation messages (section 5). */

const optionalText = v.optional(v.nullable(v.pipe(v.string(), v.trim())), null);
const trimmedOrNull = v.pipe(
  optionalText,
  v.transform((s) => (s ? s : null)),
);

export const DEFAULT_EVENT_CONFIG = {
  configType: 'manual' as 'manual' | 'auto',
  numSlots: 10,
  bufferHours: 24,
  slotsPerTimeslot: 1,
  maxAttendees: 20,
};

const intIn = (min: number, max: number, message: string) =>
  v.pipe(v.number(message), v.integer(message), v.minValue(min, message), v.maxValue(max, message));

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

export const EventInput = v.object({
  name: v.pipe(
    v.string('Name must be at least 3 characters'),
    v.trim(),
    v.minLength(3, 'Name must be at least 3 characters'),
  ),
  slug: v.pipe(
    v.string('Slug must be at least 3 characters'),
    v.trim(),
    v.minLength(3, 'Slug must be at least 3 characters'),
    v.regex(/^[a-z0-9-]+$/, 'Slug can only contain lowercase letters, numbers, and hyphens'),
  ),
  description: trimmedOrNull,
  location: trimmedOrNull,
  isActive: v.pipe(
    v.optional(v.nullable(v.boolean()), true),
    v.transform((b) => b ?? true),
  ),
  packageIds: v.optional(
    v.array(v.pipe(v.number(), v.integer(), v.minValue(1)), 'packageIds must be a list of package ids'),
  ),
  config: v.optional(EventConfigInput),
});
export type EventInputValue = v.InferOutput<typeof EventInput>;
