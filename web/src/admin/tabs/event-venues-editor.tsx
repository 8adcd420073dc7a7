/**
 * The event dialog's venues (issue 46): the event's own, and for a region-based (auto) event one per
 * postal-code region. Each is typed as text and checked with the api's own form (venueFormSchema), so
 * a field shows the message the api would answer.
 */
import { REGIONS, type Region, type Venue, lacksWhereToGo, regionName, venueFormSchema } from '@hs/domain';
import type { AdminEvent } from '@hs/contracts';
import { css } from 'styled-system/css';
import { Grid, Stack } from 'styled-system/jsx';
import * as v from 'valibot';
import * as Field from '../../components/ui/field';
import { Notice } from '../../components/notice';

const FIELDS = ['name', 'address', 'postalCode', 'mapUrl', 'phone', 'email', 'lat', 'lng'] as const;
type VenueField = (typeof FIELDS)[number];

/** A venue as typed: every field text; all empty means "no venue". */
export type VenueDraft = Record<VenueField, string>;
export type VenueErrors = Partial<Record<VenueField, string>>;

export interface VenueDrafts {
  venue: VenueDraft;
  regions: Record<Region, VenueDraft>;
}

const LABELS: Record<VenueField, string> = {
  name: 'Venue name',
  address: 'Address',
  postalCode: 'Postal code',
  mapUrl: 'Map link (https)',
  phone: 'Contact phone (+65)',
  email: 'Contact email',
  lat: 'Latitude',
  lng: 'Longitude',
};

export function venueDraft(venue: Venue | null | undefined): VenueDraft {
  return Object.fromEntries(
    FIELDS.map((f) => [f, venue?.[f] === null || venue?.[f] === undefined ? '' : String(venue[f])]),
  ) as VenueDraft;
}

export function venueDrafts(event: AdminEvent | null): VenueDrafts {
  return {
    venue: venueDraft(event?.venue),
    regions: Object.fromEntries(
      REGIONS.map((r) => [r, venueDraft(event?.regionVenues?.[r])]),
    ) as VenueDrafts['regions'],
  };
}

const isBlank = (d: VenueDraft) => FIELDS.every((f) => d[f].trim() === '');

/** Whether the drafts give customers anywhere to go. */
export const hasAnyVenue = (drafts: VenueDrafts) =>
  !isBlank(drafts.venue) || REGIONS.some((r) => !isBlank(drafts.regions[r]));

type Checked<T> = { ok: true; value: T } | { ok: false; errors: VenueErrors };

/** One draft as the api takes it (null when blank), or each field's problem. */
export function checkVenue(draft: VenueDraft): Checked<Venue | null> {
  if (isBlank(draft)) return { ok: true, value: null };
  const result = v.safeParse(venueFormSchema, draft);
  if (result.success) return { ok: true, value: result.output };
  const errors: VenueErrors = {};
  for (const issue of result.issues) {
    const field = v.getDotPath(issue) as VenueField | null;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}

export type VenuesErrors = { venue?: VenueErrors } & Partial<Record<Region, VenueErrors>>;

/** The body's `venue` and `regionVenues`, or the errors of every draft that has any. */
export function checkVenues(
  drafts: VenueDrafts,
):
  | { ok: true; venue: Venue | null; regionVenues: Partial<Record<Region, Venue>> }
  | { ok: false; errors: VenuesErrors } {
  const errors: VenuesErrors = {};
  const own = checkVenue(drafts.venue);
  if (!own.ok) errors.venue = own.errors;
  const regionVenues: Partial<Record<Region, Venue>> = {};
  for (const r of REGIONS) {
    const checked = checkVenue(drafts.regions[r]);
    if (!checked.ok) errors[r] = checked.errors;
    else if (checked.value) regionVenues[r] = checked.value;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, venue: own.ok ? own.value : null, regionVenues };
}

function VenueFieldset({
  legend,
  draft,
  errors,
  onChange,
}: {
  legend: string;
  draft: VenueDraft;
  errors: VenueErrors | undefined;
  onChange: (draft: VenueDraft) => void;
}) {
  return (
    <fieldset className={css({ display: 'grid', gap: '3' })}>
      <legend className={css({ fontWeight: 'medium', textStyle: 'sm', mb: '1.5' })}>{legend}</legend>
      <Grid columns={{ base: 1, sm: 2 }} gap="3">
        {FIELDS.map((f) => (
          <Field.TextField
            key={f}
            label={LABELS[f]}
            value={draft[f]}
            error={errors?.[f]}
            inputMode={f === 'lat' || f === 'lng' ? 'decimal' : f === 'postalCode' ? 'numeric' : undefined}
            onChange={(e) => onChange({ ...draft, [f]: e.target.value })}
          />
        ))}
      </Grid>
    </fieldset>
  );
}

/** The venue fields; a region-based event's five regions each fold out. */
export function EventVenuesEditor({
  drafts,
  onChange,
  errors,
  regionBased,
  warn,
}: {
  drafts: VenueDrafts;
  onChange: (drafts: VenueDrafts) => void;
  errors: VenuesErrors;
  regionBased: boolean;
  /** The event is active and tells customers nowhere to go. */
  warn: boolean;
}) {
  return (
    <Stack gap="3">
      <p className={css({ fontWeight: 'semibold' })}>Venue</p>
      <p className={css({ color: 'fg.muted', textStyle: 'sm' })}>
        Where customers go: shown on the booking pages, in every email, the PDF and the calendar file.
        {regionBased
          ? ' A region with its own venue sends its bookings there; the others go to this one.'
          : ''}
      </p>
      {warn ? (
        <Notice tone="warning" size="sm">
          This active event has no venue and no location: customers will see "Location not specified".
        </Notice>
      ) : null}
      <VenueFieldset
        legend="Event venue"
        draft={drafts.venue}
        errors={errors.venue}
        onChange={(venue) => onChange({ ...drafts, venue })}
      />
      {regionBased
        ? REGIONS.map((r) => (
            <details
              key={r}
              open={errors[r] !== undefined || !isBlank(drafts.regions[r])}
              className={css({
                borderWidth: '1px',
                borderColor: 'border.subtle',
                borderRadius: 'l2',
                p: '3',
              })}
            >
              <summary className={css({ cursor: 'pointer', fontWeight: 'medium', textStyle: 'sm' })}>
                {regionName(r)} region venue
                {isBlank(drafts.regions[r]) ? ' (none: uses the event venue)' : ''}
              </summary>
              <div className={css({ mt: '3' })}>
                <VenueFieldset
                  legend={`${regionName(r)} venue`}
                  draft={drafts.regions[r]}
                  errors={errors[r]}
                  onChange={(d) => onChange({ ...drafts, regions: { ...drafts.regions, [r]: d } })}
                />
              </div>
            </details>
          ))
        : null}
    </Stack>
  );
}

/** The events table's "where": the location, else the venue, else the region venues; a warning when none (issue 46). */
export function EventWhereCell({ event }: { event: AdminEvent }) {
  if (lacksWhereToGo(event)) {
    return (
      <span className={css({ color: 'warning.text', fontWeight: 'medium' })}>
        <span aria-hidden="true">⚠ </span>No venue or location
      </span>
    );
  }
  const regions = Object.keys(event.regionVenues ?? {}).length;
  if (event.location) return event.location;
  if (event.venue) return event.venue.name;
  return regions > 0 ? `${regions} region venue${regions === 1 ? '' : 's'}` : '';
}
