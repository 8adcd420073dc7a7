import { randomUUID } from 'node:crypto';
import { type TestDatabase, redisProxy, testDatabase, testRedis } from '@hs/testing';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  append,
  enqueueBulkOnce,
  enqueueOnce,
  getSubscriptionStatus,
  reactionJobId,
  type RecordedEvent,
  startReactor,
} from '../src';

async function until(
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  what: string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('reactor', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await testDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  it.each(['per event (enqueueOnce)', 'per batch (enqueueBulkOnce)'])(
    'enqueues one job per event across a Redis outage: none lost, none duplicated; %s',
    async (mode) => {
      const batched = mode.startsWith('per batch');
      const redis = testRedis();
      const target = new URL(redis.url);
      const proxy = await redisProxy(redis.url);
      // The reactor's queue goes through the proxy; the inspector talks to Redis directly.
      const queue = new Queue('confirmations', {
        prefix: redis.prefix,
        connection: {
          host: '127.0.0.1',
          port: proxy.port(),
          enableOfflineQueue: false,
          maxRetriesPerRequest: 1,
          retryStrategy: () => 100,
        },
      });
      queue.on('error', () => {});
      const inspector = new Queue('confirmations', {
        prefix: redis.prefix,
        connection: { host: target.hostname, port: Number(target.port || 6379) },
      });
      const errors: unknown[] = [];
      const crashedOnce = new Set<string>();
      const reactor = startReactor(db.sql, {
        name: 'booking-confirmation',
        eventTypes: ['RegistrationBooked'],
        pollMs: 100,
        retryMinMs: 50,
        retryMaxMs: 300,
        onError: (err) => errors.push(err),
        ...(batched
          ? {
              handleBatch: async (events: RecordedEvent[]) => {
                await enqueueBulkOnce(
                  queue,
                  events.map((e) => ({
                    name: 'send-confirmation',
                    data: { registrationId: e.streamId },
                    jobId: reactionJobId('booking-confirmation', e.eventId),
                  })),
                  { timeoutMs: 500 },
                );
                // A batch "crashes" after Redis took its jobs, before the checkpoint: handled again, whole.
                const e = events.find(
                  (x) => (x.data as { n: number }).n % 7 === 3 && !crashedOnce.has(x.eventId),
                );
                if (e) {
                  crashedOnce.add(e.eventId);
                  throw new Error('crash after enqueue');
                }
              },
            }
          : {
              handle: async (e: RecordedEvent) => {
                await enqueueOnce(
                  queue,
                  'send-confirmation',
                  { registrationId: e.streamId },
                  reactionJobId('booking-confirmation', e.eventId),
                  { timeoutMs: 500 },
                );
                // Some events "crash" after Redis took the job, before the checkpoint: handled again.
                if ((e.data as { n: number }).n % 7 === 3 && !crashedOnce.has(e.eventId)) {
                  crashedOnce.add(e.eventId);
                  throw new Error('crash after enqueue');
                }
              },
            }),
      });
      const eventIds: string[] = [];
      const book = async (from: number, count: number) => {
        for (let n = from; n < from + count; n++) {
          const eventId = randomUUID();
          eventIds.push(eventId);
          await append(
            db.sql,
            [
              {
                streamId: `registration-${randomUUID()}`,
                expectedVersion: 'no_stream',
                events: [{ type: 'RegistrationBooked', data: { n }, eventId }],
              },
              {
                streamId: 'timeslot-1',
                expectedVersion: 'any',
                events: [{ type: 'SeatsReserved', data: { n } }],
              },
            ],
            { actor: 'public' },
          );
        }
      };
      const jobs = async () => (await inspector.getJobCounts('waiting')).waiting ?? 0;
      try {
        await book(0, 10);
        await until(async () => (await jobs()) === 10, 10_000, '10 jobs');

        await proxy.stop();
        const downAt = Date.now();
        await book(10, 20);
        expect(Date.now() - downAt).toBeLessThan(5_000); // bookings commit while Redis is down
        await new Promise((r) => setTimeout(r, 1_000));
        expect(await jobs()).toBe(10);
        const during = (await getSubscriptionStatus(db.sql)).find((s) => s.name === 'booking-confirmation')!;
        expect(during.lagEvents).toBeGreaterThanOrEqual(20);
        const failuresWhileDown = errors.length;
        expect(failuresWhileDown).toBeGreaterThan(0);

        await proxy.start();
        await until(async () => (await jobs()) === 30, 15_000, '30 jobs after Redis came back');
        await until(
          async () =>
            (await getSubscriptionStatus(db.sql)).find((s) => s.name === 'booking-confirmation')!
              .lagEvents === 0,
          5_000,
          'the reactor to catch up',
        );
        expect(crashedOnce.size).toBeGreaterThan(0);
        expect(await jobs()).toBe(30);
        for (const eventId of eventIds) {
          const job = await inspector.getJob(reactionJobId('booking-confirmation', eventId));
          expect(job?.name).toBe('send-confirmation');
        }
      } finally {
        await reactor.stop();
        await queue.close();
        await inspector.obliterate({ force: true });
        await inspector.close();
        await proxy.stop();
      }
    },
  );

  it('derives job ids BullMQ accepts', () => {
    expect(reactionJobId('partner:confirm', 'e1')).toBe('partner_confirm-e1');
  });
});
