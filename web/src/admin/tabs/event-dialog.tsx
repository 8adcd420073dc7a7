import {
  type CatalogueTranslations,
  catalogueTranslationsSchema,
  EVENT_CONFIG_DEFAULTS,
  EVENT_CONFIG_LIMITS,
  EVENT_CONFIG_TYPES,
  eventFormSchema,
} from '@hs/domain';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { Grid, Stack } from 'styled-system/jsx';
import * as v from 'valibot';
import { Checkbox } from '../../components/ui/checkbox';
import * as Field from '../../components/ui/field';
import { FormDialog } from '../components/form-dialog';
import { RadioCards } from '../components/radio-cards';
import { TranslationsFields } from '../components/translations-fields';
import {
  ActiveSwitch,
  DescriptionField,
  type Entity,
  type ItemDialogProps,
  useEntityDialog,
} from '../entity-tab';
import { ADMIN_PATHS, useAdminList } from '../lib/admin-api';
import { wholeNumber } from '../lib/whole-number';
import type { AdminEvent, AdminPackage } from '@hs/contracts';
import { ManualTimeslots } from './event-timeslots';
import {
  EventVenuesEditor,
  type VenuesErrors,
  checkVenues,
  hasAnyVenue,
  venueDrafts,
} from './event-venues-editor';
import {
  type ReminderRow,
  ReminderScheduleEditor,
  reminderRows,
  reminderSchedule,
} from './reminder-schedule-editor';

/** The spec's event form (section 5) plus its packages and timeslot mode. */
export const eventDialogSchema = v.object({
  ...eventFormSchema.entries,
  isActive: v.boolean(),
  packageIds: v.array(v.number()),
  configType: v.picklist(EVENT_CONFIG_TYPES),
  numSlots: wholeNumber(EVENT_CONFIG_LIMITS.numSlots),
  bufferHours: wholeNumber(EVENT_CONFIG_LIMITS.bufferHours),
  slotsPerTimeslot: wholeNumber(EVENT_CONFIG_LIMITS.slotsPerTimeslot),
  maxAttendees: wholeNumber(EVENT_CONFIG_LIMITS.maxAttendees),
  translations: catalogueTranslationsSchema,
});

interface EventValues extends Record<string, unknown> {
  name: string;
  slug: string;
  description: string;
  location: string;
  isActive: boolean;
  packageIds: number[];
  configType: 'manual' | 'auto';
  numSlots: string;
  bufferHours: string;
  slotsPerTimeslot: string;
  maxAttendees: string;
  translations: CatalogueTranslations;
}

function toValues(event: AdminEvent | null): EventValues {
  const config = event?.config ?? EVENT_CONFIG_DEFAULTS;
  return {
    name: event?.name ?? '',
    slug: event?.slug ?? '',
    description: event?.description ?? '',
    location: event?.location ?? '',
    isActive: event?.isActive ?? true,
    packageIds: event?.packageIds ?? [],
    configType: config.configType,
    numSlots: String(config.numSlots),
    bufferHours: String(config.bufferHours),
    slotsPerTimeslot: String(config.slotsPerTimeslot),
    maxAttendees: String(config.maxAttendees),
    translations: event?.translations ?? {},
  };
}

export const EVENT: Entity<AdminEvent> = {
  path: ADMIN_PATHS.events,
  label: 'Event',
  noun: 'event',
  name: (e) => e.name,
};

/** "Annual Check-up 2026" -> "annual-check-up-2026". */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function EventDialog({ event, ...slot }: ItemDialogProps<'event', AdminEvent>) {
  const { form, save, props } = useEntityDialog({
    entity: EVENT,
    item: event,
    schema: eventDialogSchema,
    initial: toValues(event),
    ...slot,
  });
  const { items: packages, isLoading: packagesLoading } = useAdminList<AdminPackage>(ADMIN_PATHS.packages);
  const [slugTouched, setSlugTouched] = useState(Boolean(event));
  const [reminders, setReminders] = useState<ReminderRow[]>(() => reminderRows(event?.reminders));
  const [venues, setVenues] = useState(() => venueDrafts(event));
  const [venueErrors, setVenueErrors] = useState<VenuesErrors>({});
  const schedule = reminderSchedule(reminders);
  const { values } = form;

  const onSubmit = form.handleSubmit(async (out) => {
    if (!schedule.ok) return;
    const where = checkVenues(venues);
    setVenueErrors(where.ok ? {} : where.errors);
    if (!where.ok) return;
    await save({
      venue: where.venue,
      regionVenues: where.regionVenues,
      name: out.name,
      slug: out.slug,
      description: out.description,
      location: out.location,
      isActive: out.isActive,
      packageIds: out.packageIds,
      config: {
        configType: out.configType,
        numSlots: out.numSlots,
        bufferHours: out.bufferHours,
        slotsPerTimeslot: out.slotsPerTimeslot,
        maxAttendees: out.maxAttendees,
      },
      reminders: schedule.value,
      translations: out.translations,
    });
  });

  const togglePackage = (id: number, on: boolean) =>
    form.setValue('packageIds', on ? [...values.packageIds, id] : values.packageIds.filter((p) => p !== id));

  return (
    <FormDialog
      {...props}
      onSubmit={onSubmit}
      description={event ? 'Update the event details.' : 'Create a new screening event.'}
      size="lg"
    >
      <Field.TextField
        label="Name"
        required
        {...form.field('name')}
        onChange={(e) => {
          form.setValue('name', e.target.value);
          if (!slugTouched) form.setValue('slug', slugify(e.target.value));
        }}
      />
      <Field.TextField
        label="Slug"
        required
        helperText="Used in the booking link: lowercase letters, numbers and hyphens."
        {...form.field('slug')}
        onChange={(e) => {
          setSlugTouched(true);
          form.setValue('slug', e.target.value);
        }}
      />
      <DescriptionField form={form} />
      <Field.TextField label="Location" {...form.field('location')} />
      <TranslationsFields
        value={values.translations}
        onChange={(next) => form.setValue('translations', next)}
        errors={form.errors}
      />
      <ActiveSwitch form={form} />
      <EventVenuesEditor
        drafts={venues}
        onChange={setVenues}
        errors={venueErrors}
        regionBased={values.configType === 'auto'}
        warn={values.isActive && !values.location.trim() && !hasAnyVenue(venues)}
      />

      <fieldset className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
        <legend className={css({ fontWeight: 'medium', textStyle: 'sm', mb: '1.5' })}>Packages</legend>
        {packagesLoading ? (
          <p className={css({ color: 'fg.muted', textStyle: 'sm' })}>Loading packages...</p>
        ) : packages && packages.length > 0 ? (
          <Grid columns={{ base: 1, sm: 2 }} gap="2">
            {packages.map((p) => (
              <Checkbox
                key={p.id}
                checked={values.packageIds.includes(p.id)}
                onCheckedChange={(e) => togglePackage(p.id, e.checked === true)}
              >
                {p.name}
              </Checkbox>
            ))}
          </Grid>
        ) : (
          <p className={css({ color: 'fg.muted', textStyle: 'sm' })}>
            No packages found. Add one to get started.
          </p>
        )}
      </fieldset>

      <RadioCards
        legend="Timeslot mode"
        name="configType"
        value={values.configType}
        onChange={(mode) => form.setValue('configType', mode)}
        options={[
          { value: 'manual', label: 'Manual', description: 'Dates and timeslots are set up by hand.' },
          {
            value: 'auto',
            label: 'Auto-generated',
            description: 'Timeslots follow the postal-code regions.',
          },
        ]}
      />
      <Stack gap="4">
        <Grid columns={{ base: 1, sm: 2 }} gap="4">
          {(values.configType === 'auto' ? SLOT_NUMBERS : SLOT_NUMBERS.slice(0, 1)).map((n) => (
            <Field.TextField
              key={n.name}
              label={n.label}
              type="number"
              inputMode="numeric"
              min={n.min}
              {...form.field(n.name)}
            />
          ))}
        </Grid>
        {values.configType === 'manual' ? (
          event && event.config.configType === 'manual' ? (
            <ManualTimeslots eventId={event.id} defaultCapacity={event.config.maxAttendees} />
          ) : (
            <p className={css({ color: 'fg.muted', textStyle: 'sm' })}>
              Save the event with manual timeslots, then edit it to add its dates and timeslots.
            </p>
          )
        ) : null}
        <ReminderScheduleEditor
          rows={reminders}
          onChange={setReminders}
          error={schedule.ok ? undefined : schedule.message}
        />
      </Stack>
    </FormDialog>
  );
}

/** The event's whole-number timeslot settings: the capacity, then the three an auto-generated event has. */
const SLOT_NUMBERS = [
  { name: 'maxAttendees', label: 'Capacity per timeslot', min: 1 },
  { name: 'numSlots', label: 'Number of slots', min: 1 },
  { name: 'bufferHours', label: 'Buffer hours', min: 0 },
  { name: 'slotsPerTimeslot', label: 'Slots per timeslot', min: 1 },
] as const;
