/** Issue 46: an appointment's venue, its one line, the venue form, and the calendar file's LOCATION and GEO. */
import { parseIcs } from '@hs/testing';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  type AppointmentCalendar,
  type EventVenues,
  VENUE_MESSAGES,
  type Venue,
  appointmentIcs,
  appointmentVenue,
  lacksWhereToGo,
  locationText,
  regionVenuesFormSchema,
  venueFormSchema,
  venueLine,
} from '../src';

const novena: Venue = {
  name: 'HealthHub Clinic @ Novena',
  address: '10 Sinaran Drive, #08-01',
  postalCode: '307506',
  mapUrl: 'https://www.google.com/maps/search/?api=1&query=307506',
  phone: '+65 6123 4567',
  email: null,
  lat: 1.320412,
  lng: 103.843901,
};
const woodlands: Venue = {
  ...novena,
  name: 'HealthHub Clinic @ Woodlands',
  postalCode: '738343',
  lat: null,
  lng: null,
};
const venues: EventVenues = { venue: novena, regionVenues: { north: woodlands } };

describe('appointmentVenue', () => {
  it("is the region's venue, else the event's, else null", () => {
    expect(appointmentVenue(venues, 'north')).toBe(woodlands);
    expect(appointmentVenue(venues, 'east')).toBe(novena);
    expect(appointmentVenue(venues, null)).toBe(novena);
    expect(appointmentVenue({ venue: null, regionVenues: { north: woodlands } }, 'south')).toBeNull();
  });
});

describe('venueLine and locationText', () => {
  it('names the venue, its address and its Singapore postal code', () => {
    expect(venueLine(novena)).toBe('HealthHub Clinic @ Novena, 10 Sinaran Drive, #08-01, Singapore 307506');
  });
  it("keeps the event's own location text; the venue's line only when that is empty", () => {
    expect(locationText('Clinics island-wide', novena)).toBe('Clinics island-wide');
    expect(locationText('  ', novena)).toBe(venueLine(novena));
    expect(locationText(null, null)).toBeNull();
  });
  it('warns about an active event with neither venue nor location', () => {
    expect(lacksWhereToGo({ isActive: true, location: null, venue: null, regionVenues: {} })).toBe(true);
    expect(lacksWhereToGo({ isActive: false, location: null, venue: null })).toBe(false);
    expect(lacksWhereToGo({ isActive: true, location: 'Bedok CC', venue: null })).toBe(false);
    expect(
      lacksWhereToGo({ isActive: true, location: null, venue: null, regionVenues: { north: woodlands } }),
    ).toBe(false);
  });
});

describe('venue form', () => {
  const valid = {
    name: ' Clinic ',
    address: '1 Road',
    postalCode: '123456',
    mapUrl: '',
    phone: '9123 4567',
    email: '',
    lat: '1.3',
    lng: '103.8',
  };
  it('trims, normalises the phone to +65 and reads coordinates from text', () => {
    expect(v.parse(venueFormSchema, valid)).toEqual({
      name: 'Clinic',
      address: '1 Road',
      postalCode: '123456',
      mapUrl: null,
      phone: '+65 9123 4567',
      email: null,
      lat: 1.3,
      lng: 103.8,
    });
  });
  it.each([
    [{ mapUrl: 'http://maps.example.com' }, 'mapUrl', VENUE_MESSAGES.mapUrl],
    [{ mapUrl: 'javascript:alert(1)' }, 'mapUrl', VENUE_MESSAGES.mapUrl],
    [{ phone: '+1 555 1234' }, 'phone', VENUE_MESSAGES.phone],
    [{ postalCode: '12345' }, 'postalCode', VENUE_MESSAGES.postalCode],
    [{ lat: '', lng: '103.8' }, 'lng', VENUE_MESSAGES.latLng],
    [{ lng: '181' }, 'lng', VENUE_MESSAGES.lng],
  ])('refuses %o naming %s', (change, field, message) => {
    const result = v.safeParse(venueFormSchema, { ...valid, ...change });
    expect(result.success).toBe(false);
    expect(result.issues?.map((i) => [v.getDotPath(i), i.message])).toContainEqual([field, message]);
  });
  it('stores a map link as the URL reads it, always https://… (the database takes nothing else)', () => {
    for (const written of [
      'HTTPS://maps.example.com/x',
      'https:maps.example.com/x',
      'https:\\\\maps.example.com/x',
    ]) {
      const { mapUrl } = v.parse(venueFormSchema, { ...valid, mapUrl: written });
      expect(mapUrl).toBe('https://maps.example.com/x');
    }
  });
  it('keeps only the regions given a venue', () => {
    expect(Object.keys(v.parse(regionVenuesFormSchema, { north: valid, south: null }))).toEqual(['north']);
  });
});

describe('the calendar file', () => {
  const booking: AppointmentCalendar = {
    registrationId: 7,
    sequence: 0,
    date: '2026-12-05',
    time: '09:00',
    summary: 'Health Screening',
    location: venueLine(novena),
    description: 'Booking HS2612-0001-0001',
    stamp: new Date('2026-11-29T00:00:00Z'),
  };
  it("writes LOCATION from the venue's line and GEO from its coordinates", () => {
    const event = parseIcs(appointmentIcs({ ...booking, geo: { lat: novena.lat!, lng: novena.lng! } }))
      .events[0]!;
    expect(event.LOCATION).toBe('HealthHub Clinic @ Novena, 10 Sinaran Drive, #08-01, Singapore 307506');
    expect(event.GEO).toBe('1.320412;103.843901');
  });
  it('writes no GEO when the coordinates are unknown', () => {
    const raw = appointmentIcs({ ...booking, geo: null });
    expect(raw).not.toContain('GEO:');
    expect(parseIcs(raw).events[0]!.LOCATION).toContain('Singapore 307506');
  });
});
