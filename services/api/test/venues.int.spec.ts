/**
 * Issue 46: an event's venue (and a region-based event's venue per region) saved through the admin
 * events API, validated field by field, and carried by the public event answers and the booking
 * lookup, where an appointment's venue is its region's, else the event's.
 */
import { VENUE_MESSAGES } from '@hs/domain';
import { type Runner, startProjectionRunner } from '@hs/eventstore';
import { projections } from '@hs/read-models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, startTestApi } from './helpers';

const EVENT_VENUE = {
  name: 'HealthHub Clinic @ Novena',
  address: '10 Sinaran Drive, #08-01',
  postalCode: '307506',
  mapUrl: 'https://www.google.com/maps/search/?api=1&query=10+Sinaran+Drive+307506',
  phone: '6123 4567',
  email: 'novena@clinic.example.sg',
  lat: 1.3204,
  lng: 103.8439,
};
const NORTH_VENUE = {
  name: 'HealthHub Clinic @ Woodlands',
  address: '30 Woodlands Ave 2, #02-10',
  postalCode: '738343',
  mapUrl: null,
  phone: null,
  email: null,
  lat: null,
  lng: null,
};

describe('event venues', () => {
  let api: TestApi;
  let runner: Runner;
  let packageId: number;
  let eventId: number;
  const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    api.asAdmin({ method, url, payload });
  const base = {
    name: 'Partner Screening',
    slug: 'partner-screening',
    config: { configType: 'auto', numSlots: 6, bufferHours: 24, maxAttendees: 20 },
  };

  beforeAll(async () => {
    api = await startTestApi();
    runner = startProjectionRunner(api.db.sql, projections, { pollMs: 50 });
    packageId = (await admin('POST', '/api/admin/packages', { name: 'Basic Health', price: '100' })).json()
      .data.id;
  }, 60_000);
  afterAll(async () => {
    await runner?.stop();
    await api?.close();
  });

  it('saves an event venue and region venues, normalising the phone; absent keeps them, null removes', async () => {
    const created = await admin('POST', '/api/admin/events', {
      ...base,
      packageIds: [packageId],
      venue: EVENT_VENUE,
      regionVenues: { north: NORTH_VENUE },
    });
    expect(created.statusCode, created.body).toBe(201);
    eventId = created.json().data.id;
    expect(created.json().data.venue).toEqual({ ...EVENT_VENUE, phone: '+65 6123 4567' });
    expect(created.json().data.regionVenues).toEqual({ north: NORTH_VENUE });

    // a body without venues keeps them
    const kept = await admin('PUT', `/api/admin/events/${eventId}`, { ...base, description: 'Partner' });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().data.venue.name).toBe(EVENT_VENUE.name);
    expect(kept.json().data.regionVenues).toEqual({ north: NORTH_VENUE });

    // a region set replaces the old one; null removes the event's venue
    const east = { ...NORTH_VENUE, name: 'HealthHub Clinic @ Tampines', postalCode: '529510' };
    const replaced = await admin('PUT', `/api/admin/events/${eventId}`, {
      ...base,
      venue: null,
      regionVenues: { east, north: null },
    });
    expect(replaced.json().data.venue).toBeNull();
    expect(replaced.json().data.regionVenues).toEqual({ east });

    // back to the full set for the public answers below
    const restored = await admin('PUT', `/api/admin/events/${eventId}`, {
      ...base,
      venue: EVENT_VENUE,
      regionVenues: { north: NORTH_VENUE },
    });
    expect(restored.json().data.regionVenues).toEqual({ north: NORTH_VENUE });
    const read = await admin('GET', `/api/admin/events/${eventId}`);
    expect(read.json().data.venue.phone).toBe('+65 6123 4567');
  });

  it.each([
    ['venue.name', { venue: { ...EVENT_VENUE, name: ' ' } }, VENUE_MESSAGES.name],
    ['venue.address', { venue: { ...EVENT_VENUE, address: '' } }, VENUE_MESSAGES.address],
    ['venue.postalCode', { venue: { ...EVENT_VENUE, postalCode: '12345' } }, VENUE_MESSAGES.postalCode],
    ['venue.mapUrl', { venue: { ...EVENT_VENUE, mapUrl: 'javascript:alert(1)' } }, VENUE_MESSAGES.mapUrl],
    ['venue.mapUrl', { venue: { ...EVENT_VENUE, mapUrl: 'http://maps.example.com' } }, VENUE_MESSAGES.mapUrl],
    ['venue.phone', { venue: { ...EVENT_VENUE, phone: '+65 1234' } }, VENUE_MESSAGES.phone],
    ['venue.email', { venue: { ...EVENT_VENUE, email: 'clinic@' } }, VENUE_MESSAGES.email],
    ['venue.lat', { venue: { ...EVENT_VENUE, lat: 91 } }, VENUE_MESSAGES.lat],
    ['venue.lng', { venue: { ...EVENT_VENUE, lng: null } }, VENUE_MESSAGES.latLng],
    [
      'regionVenues.west.postalCode',
      { regionVenues: { west: { ...NORTH_VENUE, postalCode: 'abcdef' } } },
      VENUE_MESSAGES.postalCode,
    ],
  ])('refuses a bad %s with a 400 naming the field', async (field, body, message) => {
    const res = await admin('POST', '/api/admin/events', { ...base, slug: 'bad-venue', ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message });
    expect(res.json().errors).toContainEqual({ field, message });
    const [row] = await api.db.sql<{ n: number }[]>`
      select count(*)::int as n from screening_events where slug = 'bad-venue'`;
    expect(row!.n).toBe(0);
  });

  it('answers the venue on the public event list and page; location reads from the venue when empty', async () => {
    const list = (await api.app.inject('/api/events')).json().data;
    const summary = list.find((e: { id: number }) => e.id === eventId);
    expect(summary.venue).toEqual({ ...EVENT_VENUE, phone: '+65 6123 4567' });
    expect(summary.regionVenues).toEqual({ north: NORTH_VENUE });
    expect(summary.location).toBe('HealthHub Clinic @ Novena, 10 Sinaran Drive, #08-01, Singapore 307506');
    const detail = (await api.app.inject('/api/events/partner-screening')).json().data;
    expect(detail.venue.name).toBe(EVENT_VENUE.name);
    expect(detail.regionVenues.north.name).toBe(NORTH_VENUE.name);

    // the event's own location text stays what the spec's field says
    await admin('PUT', `/api/admin/events/${eventId}`, { ...base, location: 'Clinics island-wide' });
    const own = (await api.app.inject('/api/events/partner-screening')).json().data;
    expect(own.location).toBe('Clinics island-wide');
    expect(own.venue.name).toBe(EVENT_VENUE.name);
    await admin('PUT', `/api/admin/events/${eventId}`, { ...base, location: null });

    // an event without a venue answers null
    await admin('POST', '/api/admin/events', {
      name: 'Bare Event',
      slug: 'bare-event',
      packageIds: [packageId],
    });
    const bare = (await api.app.inject('/api/events/bare-event')).json().data;
    expect(bare).toMatchObject({ venue: null, regionVenues: {}, location: null });
  });

  it("a lookup answers the appointment's region venue, else the event's", async () => {
    const bookIn = async (postalCode: string, i: number) => {
      const slots = (
        await api.app.inject(`/api/auto-timeslots/postal-code?postalCode=${postalCode}&eventId=${eventId}`)
      ).json().data;
      const timeslotId = slots[0].timeslots[0].id;
      const res = await api.app.inject({
        method: 'POST',
        url: '/api/registrations',
        payload: {
          eventId,
          packageId,
          timeslotId,
          firstName: 'Venue',
          lastName: `Tester${i}`,
          email: `venue${i}@example.com`,
          mobileNumber: '91234567',
          gender: 'female',
          identificationNumber: `S77777${i}0A`,
          dateOfBirth: '1980-01-01',
          postalCode,
          address: '1 Street',
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      const booked = res.json().data;
      const url = `/api/registrations/lookup/${booked.reference_number}?position=${booked.position}`;
      await expect.poll(async () => (await api.app.inject(url)).statusCode, { timeout: 10_000 }).toBe(200);
      return (await api.app.inject(url)).json().data;
    };
    const north = await bookIn('730123', 1);
    expect(north.region).toBe('north');
    expect(north.venue).toEqual(NORTH_VENUE);
    expect(north.location).toBe('HealthHub Clinic @ Woodlands, 30 Woodlands Ave 2, #02-10, Singapore 738343');
    const east = await bookIn('460123', 2);
    expect(east.region).toBe('east');
    expect(east.venue.name).toBe(EVENT_VENUE.name);
    expect(east.location).toContain('Singapore 307506');
    // the admin's order list says the same
    const orders = (await admin('GET', `/api/admin/registrations?eventId=${eventId}`)).json().data;
    const byRef = new Map(
      orders.map((o: { referenceNumber: string; location: string }) => [o.referenceNumber, o.location]),
    );
    expect(byRef.get(north.referenceNumber)).toBe(north.location);
    expect(byRef.get(east.referenceNumber)).toBe(east.location);
    // the CSV export's Location column says the same
    const csv = (await admin('GET', `/api/admin/registrations/export?eventId=${eventId}`)).body;
    const rowOf = (ref: string) => csv.split('\r\n').find((line) => line.startsWith(ref)) ?? '';
    expect(rowOf(north.referenceNumber)).toContain(north.location.replace(/"/g, '""'));
    expect(rowOf(east.referenceNumber)).toContain(east.location.replace(/"/g, '""'));
  });
});
