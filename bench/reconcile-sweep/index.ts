// One reconciler sweep (issue 47) over a log of 100,000 orders against the same sweep over a log of
// 5,000 (the baseline), side by side: both owe the same work (RECONCILE_OWED, 3,000 confirmation emails
// whose jobs Redis lost or holds: six pages of the sweep), so the ratio shows whether the sweep's cost
// follows the owed work or the log.
//   npm run reconcile-sweep -w bench
// Each log is written set-based (eventstore_append_batch, as bench/append-batch): every order booked
// and confirmed with its ConfirmationEmailSent, except the owed ones, which are booked with no fact and
// listed in owed_work as the reactor lists them. Two sweeps are timed, ABBA over the two logs:
// - "lost": Redis has none of the owed jobs (its keys deleted before each sweep): the sweep reads the
//   window, asks BullMQ for each job, reads each owed order's stream and enqueues it again;
// - "in flight": the jobs are in Redis (waiting): the sweep reads the window and asks BullMQ only.
// Knobs: RECONCILE_ORDERS (100000), RECONCILE_BASELINE_ORDERS (5000), RECONCILE_OWED (3000),
// RECONCILE_ROUNDS (5), DATABASE_URL (admin url), REDIS_URL.
import { randomUUID } from 'node:crypto';
import { connect, type Sql } from '@hs/db';
import { reactionJobId } from '@hs/eventstore';
import { randomName } from '@hs/testing';
import { Redis } from 'ioredis';
import { createProducers } from '../../services/worker/src/queues';
import { reconcileOwedWork } from '../../services/worker/src/reconciler';
import { fmt, machine } from '../lib/load';
import { redisUrl, scratchDatabase } from '../lib/stack';

const ORDERS = Number(process.env.RECONCILE_ORDERS ?? 100_000);
const BASELINE = Number(process.env.RECONCILE_BASELINE_ORDERS ?? 5_000);
const OWED = Number(process.env.RECONCILE_OWED ?? 3_000);
if (OWED > BASELINE) throw new Error('RECONCILE_OWED must not exceed RECONCILE_BASELINE_ORDERS');
const ROUNDS = Number(process.env.RECONCILE_ROUNDS ?? 5);
const PER_CALL = 500;
const WINDOW = { lookbackMs: 72 * 3_600_000, graceMs: 0 };

/** A confirmed booking's event of the api's shape (plain, as a log without the codec holds it). */
function booked(n: number) {
  const person = {
    email: `person-${n}@example.com`,
    firstName: 'Mei',
    lastName: `Ling ${n}`,
    mobileNumber: '91234567',
    dateOfBirth: '1985-02-03',
    identificationNumber: 'S1234567D',
    gender: 'female',
  };
  return {
    status: 'confirmed',
    consent: { at: new Date().toISOString(), given: true, noticeVersion: 1 },
    contact: { ...person, region: 'north', address: '1 Orchard Road', postalCode: '560123' },
    eventId: 1,
    partner: null,
    pricing: { gstCents: 0, totalCents: 0, taxableCents: 0, subtotalCents: 0, participantCount: 1 },
    bookedAt: new Date().toISOString(),
    eventName: 'Community Health Screening 2026',
    packageId: 1,
    timeslotId: 1,
    participants: [{ ...person, isPrimary: true, packageId: 1, participantId: randomUUID() }],
    registrationId: String(n),
    referenceNumber: `HSB-${n}`,
  };
}

const meta = (id: string) => ({ eventId: id, correlationId: id, causationId: id, actor: 'public' });

/** `orders` orders, the last `owed` of them owing their confirmation email. */
async function seed(sql: Sql, orders: number, owed: number) {
  const owedRows: { job_id: string; registration_id: number; event_id: string }[] = [];
  for (let from = 1; from <= orders; from += PER_CALL) {
    const items = [];
    for (let n = from; n < Math.min(from + PER_CALL, orders + 1); n++) {
      const id = randomUUID();
      const done = n <= orders - owed;
      const events = [{ s: 0, id, type: 'RegistrationBooked', data: booked(n), metadata: meta(id) }];
      if (done) {
        const f = randomUUID();
        const at = new Date().toISOString();
        const data = { to: `person-${n}@example.com`, messageId: `<${f}@bench>`, at };
        events.push({ s: 0, id: f, type: 'ConfirmationEmailSent', data: data as never, metadata: meta(f) });
      } else {
        owedRows.push({ job_id: reactionJobId('confirmation-email', id), registration_id: n, event_id: id });
      }
      const streams = [{ id: `registration-${n}`, type: 'registration', expected: -1, count: events.length }];
      items.push({ streams, events });
    }
    const rows = await sql.unsafe<{ r_error_code: string | null }[]>(
      'select r_error_code from eventstore_append_batch($1::text::jsonb, false)',
      [JSON.stringify(items)],
    );
    if (rows.some((r) => r.r_error_code !== null)) throw new Error('seed: an append was refused');
  }
  await sql`
    insert into owed_work (job_id, queue, job_name, payload, registration_id)
    select x.job_id, 'confirmation-email', 'send-confirmation',
      jsonb_build_object('registrationId', x.registration_id, 'causeEventId', x.event_id), x.registration_id
    from jsonb_to_recordset(${sql.json(owedRows as never)}::jsonb)
      as x(job_id text, registration_id bigint, event_id text)`;
  await sql`vacuum analyze`;
}

interface Log {
  label: string;
  orders: number;
  sql: Sql;
  prefix: string;
  producers: ReturnType<typeof createProducers>;
  drop: () => Promise<void>;
}

async function openLog(label: string, orders: number): Promise<Log> {
  const db = await scratchDatabase('hsreconcile');
  const sql = connect(db.url, { max: 4, applicationName: 'bench-reconcile' });
  const started = Date.now();
  await seed(sql, orders, OWED);
  console.log(`${label}: ${orders} orders seeded in ${fmt((Date.now() - started) / 1000)} s`);
  const prefix = randomName('hsbench');
  const producers = createProducers(redisUrl, prefix, { attempts: 3, backoffMs: 1_000 }, () => {});
  return { label, orders, sql, prefix, producers, drop: db.drop };
}

const redis = new Redis(redisUrl);
const forget = async (prefix: string) => {
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length > 0) await redis.del(...keys);
};

/** One timed sweep; `lost`: Redis forgot every owed job first. */
async function sweep(log: Log, lost: boolean): Promise<number> {
  if (lost) await forget(log.prefix);
  const t = performance.now();
  const out = await reconcileOwedWork({ sql: log.sql, producers: log.producers, window: WINDOW });
  const ms = performance.now() - t;
  const expected = { checked: OWED, enqueued: lost ? OWED : 0, retried: 0, settled: 0 };
  if (JSON.stringify(out) !== JSON.stringify(expected))
    throw new Error(`${log.label}: sweep answered ${JSON.stringify(out)}, not ${JSON.stringify(expected)}`);
  return ms;
}

console.log(
  `reconcile sweep: ${OWED} owed jobs in a log of ${ORDERS} orders vs ${BASELINE}, ${ROUNDS} rounds; ${machine()}`,
);
const small = await openLog('baseline', BASELINE);
const big = await openLog('measured', ORDERS);
try {
  const times = { lost: new Map<Log, number[]>(), inFlight: new Map<Log, number[]>() };
  for (const log of [small, big]) {
    times.lost.set(log, []);
    times.inFlight.set(log, []);
    await sweep(log, true); // warm-up: plans, caches, connections
  }
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? [small, big, big, small] : [big, small, small, big];
    for (const log of order) {
      times.lost.get(log)!.push(await sweep(log, true));
      times.inFlight.get(log)!.push(await sweep(log, false));
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log('\n| sweep | log of | median ms (of runs) | ratio to baseline |\n|---|---|---|---|');
  for (const [what, m] of [
    ['lost (re-enqueue)', times.lost],
    ['in flight (state check)', times.inFlight],
  ] as const) {
    const base = median(m.get(small)!);
    for (const log of [small, big]) {
      const med = median(m.get(log)!);
      const runs = m
        .get(log)!
        .map((x) => fmt(x))
        .join(', ');
      console.log(`| ${what} | ${log.orders} orders | ${fmt(med, 2)} (${runs}) | ${fmt(med / base, 2)}x |`);
    }
  }
  const ratio = median(times.lost.get(big)!) / median(times.lost.get(small)!);
  console.log(
    `\nratio ${ORDERS}/${BASELINE} orders, ${OWED} owed: ${fmt(ratio, 2)}x (1.0x: the cost follows the owed work, not the log)`,
  );
} finally {
  for (const log of [small, big]) {
    await forget(log.prefix);
    await Promise.all(Object.values(log.producers).map((q) => q.close()));
    await log.sql.end({ timeout: 5 });
    await log.drop();
  }
  redis.disconnect();
}
