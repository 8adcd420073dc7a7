/**
 * Issue 46: where to go, as the worker sends it. A booking in a region with its own venue gets that
 * venue in its confirmation email (eventLocation), its PDF (with the venue's phone) and its calendar
 * file (LOCATION, and GEO from the coordinates); a booking elsewhere gets the event's venue.
 */
import { venueLine } from '@hs/domain';
import { type TestDatabase, parseIcs, testDatabase, testRedis } from '@hs/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RunningWorker, readWorkerConfig, startWorker } from '../src';
import { type Catalogue, type TestSmtp, book, pdfText, seedCatalogue, startSmtp } from './helpers';

const NORTH = {
  name: 'Woodlands Family Clinic',
  address: '900 South Woodlands Drive, #04-07 Woodlands Civic Centre',
  postalCode: '730900',
  mapUrl: 'https://www.google.com/maps/search/?api=1&query=730900',
  phone: '+65 6368 2210',
  email: null,
  lat: 1.43547,
  lng: 103.78681,
};
const OWN = {
  name: 'Novena Health Screening Centre',
  address: '10 Sinaran Drive, #10-01',
  postalCode: '307506',
  mapUrl: null,
  phone: null,
  email: null,
  lat: null,
  lng: null,
};

describe('worker: the venue in emails, PDFs and calendar files', () => {
  let db: TestDatabase;
  let smtp: TestSmtp;
  let cat: Catalogue;
  const running: RunningWorker[] = [];
  const poll = { timeout: 15_000, interval: 50 };

  beforeAll(async () => {
    db = await testDatabase();
    smtp = await startSmtp();
    cat = await seedCatalogue(db.sql, 3);
    for (const [region, v] of [
      ['north', NORTH],
      [null, OWN],
    ] as const) {
      await db.sql`
        insert into event_venues (event_id, region, name, address, postal_code, map_url, phone, email, latitude, longitude)
        values (${cat.eventId}, ${region}, ${v.name}, ${v.address}, ${v.postalCode}, ${v.mapUrl}, ${v.phone},
                ${v.email}, ${v.lat}, ${v.lng})`;
    }
  });
  afterEach(async () => {
    for (const w of running.splice(0)) await w.stop();
  });
  afterAll(async () => {
    await smtp?.close();
    await db?.drop();
  });

  const confirmationOf = async (email: string) => {
    await expect
      .poll(() => smtp.received.filter((m) => m.to.includes(email)).length, poll)
      .toBeGreaterThan(0);
    return smtp.received.find((m) => m.to.includes(email))!;
  };

  it("names the region's venue, with GEO, and the event's venue elsewhere", async () => {
    const { prefix } = testRedis();
    running.push(
      await startWorker(
        readWorkerConfig({
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          DATABASE_URL: db.url,
          REDIS_URL: process.env.HS_TEST_REDIS_URL!,
          BULLMQ_PREFIX: prefix,
          SMTP_URL: smtp.url,
        }),
        { reactorRetryMaxMs: 500 },
      ),
    );
    await book(db.sql, cat, 'north@example.com', { free: true, contact: { region: 'north' } });
    const north = await confirmationOf('north@example.com');
    expect(north.text).toContain(venueLine(NORTH));
    expect(north.text).not.toContain('Orchard Community Club');
    const ics = parseIcs(
      north.attachments.find((a) => a.filename === 'appointment.ics')!.content.toString('utf8'),
    );
    expect(ics.events[0]!.LOCATION).toBe(venueLine(NORTH));
    expect(ics.events[0]!.GEO).toBe('1.43547;103.78681');
    const pdf = north.attachments.find((a) => a.contentType === 'application/pdf');
    expect(pdf).toBeDefined();
    const text = (await pdfText(pdf!.content)).replace(/\s+/g, ' ');
    expect(text).toContain('Woodlands Family Clinic');
    expect(text).toContain('+65 6368 2210');

    await book(db.sql, cat, 'east@example.com', { free: true, contact: { region: 'east' } });
    const east = await confirmationOf('east@example.com');
    expect(east.text).toContain(venueLine(OWN));
    const eastIcs = parseIcs(
      east.attachments.find((a) => a.filename === 'appointment.ics')!.content.toString('utf8'),
    );
    expect(eastIcs.events[0]!.LOCATION).toBe(venueLine(OWN));
    expect(eastIcs.events[0]!.GEO).toBeUndefined();
  });
});
