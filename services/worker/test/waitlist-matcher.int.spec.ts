/**
 * The waitlist matcher as the worker runs it (issue 22): two workers sweeping one database offer a
 * freed seat once, to the first in line, with their actor on the log; the next in line keeps waiting.
 */
import { joinWaitlist } from '@hs/commands';
import {
  timeslotDeciderFor,
  timeslotStream,
  waitlistDecider,
  waitlistHoldKey,
  waitlistStream,
} from '@hs/domain';
import { aggregateStream, findEvents, handleCommand } from '@hs/eventstore';
import { type TestDatabase, testDatabase, testRedis } from '@hs/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningWorker, readWorkerConfig, startWorker } from '../src';

describe('worker: the waitlist matcher', () => {
  let db: TestDatabase;
  const running: RunningWorker[] = [];

  beforeAll(async () => {
    db = await testDatabase();
  });
  afterAll(async () => {
    for (const w of running.splice(0)) await w.stop();
    await db.drop();
  });

  it('two workers offer a freed seat once, to the first in line', async () => {
    const [event] = await db.sql<{ id: number }[]>`
      insert into screening_events (name, slug, location) values ('Waiting', 'waiting', 'Toa Payoh') returning id`;
    const day = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const [slot] = await db.sql<{ id: number }[]>`
      insert into timeslots (event_id, date, time, label, max_attendees)
      values (${event!.id}, ${day}, '09:30', '9:30 AM', 1) returning id`;
    const slotStream = timeslotStream(slot!.id);
    const seats = (command: Parameters<ReturnType<typeof timeslotDeciderFor>['decide']>[1]) =>
      handleCommand(db.sql, slotStream, timeslotDeciderFor(1), command, { metadata: { actor: 'public' } });
    const at = new Date().toISOString();
    await seats({ type: 'ReserveSeats', registrationId: '1', seats: 1, at });
    const join = (i: number) =>
      joinWaitlist(
        db.sql,
        {
          eventId: event!.id,
          packageId: 1,
          postalCode: '560123',
          firstName: 'Wai',
          lastName: `Ting${i}`,
          email: `wait${i}@example.com`,
          mobileNumber: '91234567',
          seats: 1,
        },
        { actor: 'public', tokenSecret: 'w'.repeat(32) },
      );
    const first = await join(1);
    const second = await join(2);

    for (let i = 0; i < 2; i++) {
      const config = readWorkerConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATABASE_URL: db.url,
        REDIS_URL: process.env.HS_TEST_REDIS_URL!,
        BULLMQ_PREFIX: testRedis().prefix,
        WORKER_ROLES: 'projector,reactor',
        WAITLIST_SWEEP_MS: '50',
      });
      running.push(await startWorker(config, { reactorRetryMaxMs: 500 }));
    }
    // The seat frees (a cancellation's release); the matchers see it once the projector has.
    await seats({ type: 'ReleaseSeats', registrationId: '1', reason: 'cancelled', at });
    const entry = async (id: string) =>
      (await aggregateStream(db.sql, waitlistStream(id).id, waitlistDecider)).state;
    await expect
      .poll(async () => (await entry(first.id)).status, { timeout: 15_000, interval: 50 })
      .toBe('offered');
    // Many more sweeps of both workers.
    await new Promise((r) => setTimeout(r, 600));
    const offers = await findEvents(db.sql, { type: 'WaitlistOfferMade' });
    expect(offers.map((e) => [e.streamId, e.metadata.actor])).toEqual([
      [waitlistStream(first.id).id, 'worker:waitlist-matcher'],
    ]);
    expect((await entry(second.id)).status).toBe('waiting');
    const state = (await aggregateStream(db.sql, slotStream.id, timeslotDeciderFor(1))).state;
    expect(state.reservations).toEqual({ [waitlistHoldKey(first.id)]: 1 });
    // The default offer lasts 120 minutes.
    const expiresAt = Date.parse((await entry(first.id)).offer!.expiresAt);
    expect(expiresAt - Date.parse(offers[0]!.recordedAt.toISOString())).toBeGreaterThan(119 * 60_000);
  });
});

describe('worker: the waitlist matcher wakes on the log', () => {
  let db: TestDatabase;
  let worker: RunningWorker | undefined;

  beforeAll(async () => {
    db = await testDatabase();
  });
  afterAll(async () => {
    await worker?.stop();
    await db.drop();
  });

  it('offers a freed seat within moments, long before its next sweep', async () => {
    const [event] = await db.sql<{ id: number }[]>`
      insert into screening_events (name, slug, location) values ('Woken', 'woken', 'Toa Payoh') returning id`;
    const day = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const [slot] = await db.sql<{ id: number }[]>`
      insert into timeslots (event_id, date, time, label, max_attendees)
      values (${event!.id}, ${day}, '10:30', '10:30 AM', 1) returning id`;
    const slotStream = timeslotStream(slot!.id);
    const at = new Date().toISOString();
    await handleCommand(
      db.sql,
      slotStream,
      timeslotDeciderFor(1),
      { type: 'ReserveSeats', registrationId: '1', seats: 1, at },
      { metadata: { actor: 'public' } },
    );
    const joined = await joinWaitlist(
      db.sql,
      {
        eventId: event!.id,
        packageId: 1,
        postalCode: '560123',
        firstName: 'Wo',
        lastName: 'Ken',
        email: 'woken@example.com',
        mobileNumber: '91234567',
        seats: 1,
      },
      { actor: 'public', tokenSecret: 'w'.repeat(32) },
    );
    worker = await startWorker(
      readWorkerConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATABASE_URL: db.url,
        REDIS_URL: process.env.HS_TEST_REDIS_URL!,
        BULLMQ_PREFIX: testRedis().prefix,
        WORKER_ROLES: 'projector,reactor',
        // Its sweep would come only after the test has timed out: the offer must come from the wake.
        WAITLIST_SWEEP_MS: '600000',
      }),
      { reactorRetryMaxMs: 500 },
    );
    // Let its first sweep (at start) pass with the slot still full.
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await findEvents(db.sql, { type: 'WaitlistOfferMade' })).toEqual([]);
    await handleCommand(
      db.sql,
      slotStream,
      timeslotDeciderFor(1),
      { type: 'ReleaseSeats', registrationId: '1', reason: 'cancelled', at },
      { metadata: { actor: 'public' } },
    );
    await expect
      .poll(
        async () =>
          (await aggregateStream(db.sql, waitlistStream(joined.id).id, waitlistDecider)).state.status,
        { timeout: 10_000, interval: 50 },
      )
      .toBe('offered');
  });
});
