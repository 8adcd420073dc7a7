/** Where an appointment happens (issue 46): the venue of an event, and of each region of a region-based event. */
import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from './common';

export const VenueSchema = Type.Object(
  {
    name: Type.String(),
    address: Type.String(),
    postalCode: Type.String({ pattern: '^\\d{6}$', description: 'Singapore postal code, 6 digits' }),
    mapUrl: Nullable(Type.String({ description: 'An https link to a map of the venue' })),
    phone: Nullable(Type.String({ description: "Contact phone, '+65 6123 4567'" })),
    email: Nullable(Type.String()),
    lat: Nullable(Type.Number({ minimum: -90, maximum: 90 })),
    lng: Nullable(Type.Number({ minimum: -180, maximum: 180 })),
  },
  { description: 'A venue: where to go' },
);

const REGION_KEYS = ['north', 'south', 'east', 'west', 'central'] as const;

/** A region-based event's venues by region ('north' ... 'central'); a region without its own is left out. */
export const RegionVenuesSchema = Type.Partial(
  Type.Object(
    Object.fromEntries(REGION_KEYS.map((r) => [r, VenueSchema])) as Record<
      (typeof REGION_KEYS)[number],
      typeof VenueSchema
    >,
  ),
  { description: "Each region's own venue (region-based events); an appointment elsewhere goes to `venue`" },
);

export type Venue = Static<typeof VenueSchema>;
export type RegionVenues = Static<typeof RegionVenuesSchema>;
