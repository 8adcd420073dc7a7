// The Reports tab's one call (issue 25), GET /api/admin/reports/insights, at 100,000 orders' worth of
// report rows, against a baseline of one indexed primary-key select on the same database.
//   npm run reports -w bench
// Rows are written by the reports projection's own batch code (its applyBatch over synthetic
// RecordedEvents: bookings spread over REPORT_DAYS days and REPORT_EVENTS events, with payments,
// cancellations, expiries, refunds, check-ins, no-shows and waiting-list joins), not through the
// commands: what is timed is the read. The endpoint is timed through app.inject (routing, auth,
// validation, the five reads, serialisation), sequentially, ABBA with the baseline.
// Knobs: REPORT_ORDERS (100000), REPORT_DAYS (90), REPORT_EVENTS (5), REPORT_REQUESTS (200),
// DATABASE_URL (admin url), REDIS_URL.
import { connect, findMigrationsDir, migrate } from '@hs/db';
import type { RecordedEvent } from '@hs/eventstore';
import { reportsProjection } from '@hs/read-models';
import { createDatabase, dropDatabase, randomName, withDatabase } from '@hs/testing';
import { buildApp, testApiConfig } from '../../services/api/src';
import { createUser } from '../../services/api/src/auth/users';
import { fmt, machine } from '../lib/load';

const ORDERS = Number(process.env.REPORT_ORDERS ?? 100_000);
const DAYS = Number(process.env.REPORT_DAYS ?? 90);
const EVENTS = Number(process.env.REPORT_EVENTS ?? 5);
const REQUESTS = Number(process.env.REPORT_REQUESTS ?? 200);
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REGIONS = ['central', 'east', 'north', 'north-east', 'west'];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

console.log(
  `reports: ${ORDERS} orders over ${DAYS} days and ${EVENTS} events, ${REQUESTS} requests; ${machine()}`,
);
const name = randomName('hsbench_reports');
await createDatabase(ADMIN_URL, name);
const url = withDatabase(ADMIN_URL, name);
const sql = connect(url, { max: 10 });
try {
  await migrate(sql, findMigrationsDir(new URL('.', import.meta.url).pathname));
  const eventIds: number[] = [];
  for (let e = 1; e <= EVENTS; e++) {
    const [row] = await sql<{ id: number }[]>`
      insert into screening_events (name, slug, location) values (${`Event ${e}`}, ${`event-${e}`}, 'Toa Payoh') returning id`;
    eventIds.push(row!.id);
  }
  // A slot per event, region, day and two times: the heat map's cells, with seats booked in slot_availability.
  const today = new Date();
  const dayOf = (offset: number) =>
    new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  await sql`
    insert into timeslots (event_id, region, date, time, label, max_attendees)
    select e, r, current_date + d, t, 'slot', 20
    from unnest(${eventIds}::bigint[]) e, unnest(${REGIONS}::text[]) r, generate_series(${-DAYS}::int, 30) d,
      unnest(array['09:00'::time, '14:00'::time]) t`;
  await sql`insert into slot_availability (timeslot_id, current_attendees, max_attendees)
            select id, (id % 21)::int, 20 from timeslots`;

  const started = Date.now();
  const pricing = (total: number) => ({
    participants: [],
    participantCount: 1,
    volumeDiscountPercent: 0,
    baseTotalCents: total + 1_000,
    memberDiscountCents: 1_000,
    volumeDiscountCents: 0,
    subtotalCents: total,
    discountCents: 0,
    taxableCents: total,
    gstCents: 0,
    totalCents: total,
    partnerPaidCents: 0,
    balanceDueCents: total,
  });
  let position = 0n;
  const event = (streamId: string, type: string, data: object, at: string): RecordedEvent =>
    ({
      streamId,
      type,
      data,
      recordedAt: at,
      globalPosition: ++position,
      version: 0,
    }) as unknown as RecordedEvent;
  const BATCH = 2_000;
  for (let first = 1; first <= ORDERS; first += BATCH) {
    const batch: RecordedEvent[] = [];
    for (let id = first; id < Math.min(first + BATCH, ORDERS + 1); id++) {
      const stream = `registration-${id}`;
      const at = `${dayOf(-(id % DAYS))}T03:00:00.000Z`;
      const eventId = eventIds[Math.floor(id / DAYS) % EVENTS]!;
      batch.push(
        event(
          stream,
          'RegistrationBooked',
          {
            eventId,
            participants: [{ participantId: `p${id}` }],
            contact: { region: REGIONS[id % REGIONS.length] },
            pricing: pricing(10_000 + (id % 5) * 1_000),
          },
          at,
        ),
      );
      const fate = id % 10;
      if (fate < 6) batch.push(event(stream, 'PaymentRecorded', { amountCents: 10_000 }, at));
      if (fate === 6) batch.push(event(stream, 'RegistrationCancelled', {}, at));
      if (fate === 7) batch.push(event(stream, 'RegistrationExpired', {}, at));
      if (fate === 0) batch.push(event(stream, 'RefundRecorded', { amountCents: 2_000 }, at));
      if (fate === 1) batch.push(event(stream, 'ParticipantsCheckedIn', { participantIds: [`p${id}`] }, at));
      if (fate === 2)
        batch.push(
          event(
            stream,
            'MarkedNoShow',
            { participantIds: [`p${id}`], appointmentDate: dayOf(-(id % DAYS)) },
            at,
          ),
        );
      if (id % 20 === 0)
        batch.push(
          event(
            `waitlist-w${id}`,
            'WaitlistJoined',
            { eventId, region: REGIONS[id % 5], seats: 2, joinedAt: at },
            at,
          ),
        );
    }
    await sql.begin((tx) => reportsProjection.applyBatch!(tx, batch));
  }
  await sql`analyze`;
  const [counts] = await sql<{ registrations: number; daily: number; slots: number }[]>`
    select (select count(*) from report_registrations)::int as registrations,
           (select count(*) from report_daily)::int as daily, (select count(*) from timeslots)::int as slots`;
  console.log(
    `seeded in ${fmt((Date.now() - started) / 1000, 1)} s: ${counts!.registrations} registrations, ${counts!.daily} day rows, ${counts!.slots} slots`,
  );

  const app = await buildApp(
    {
      ...testApiConfig(
        {},
        { DATABASE_URL: url, REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' },
      ),
      logLevel: 'error',
    },
    { sql },
  );
  await app.ready();
  await createUser(sql, { username: 'bench', password: 'correct horse battery', email: 'bench@example.com' });
  const login = await app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { username: 'bench', password: 'correct horse battery' },
  });
  const headers = { authorization: `Bearer ${login.json().data.token}` };
  const paths = ['/api/admin/reports/insights', `/api/admin/reports/insights?eventId=${eventIds[0]}`];
  const product = async (times: number[], path: string) => {
    const t = performance.now();
    const res = await app.inject({ method: 'GET', url: path, headers });
    times.push(performance.now() - t);
    if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
  };
  const baseline = async (times: number[], i: number) => {
    const t = performance.now();
    await sql`select * from report_daily where event_id = ${eventIds[i % EVENTS]!} and day = current_date`;
    times.push(performance.now() - t);
  };
  console.log('\n| call | p50 ms | p95 ms | baseline p50 / p95 ms | p50 ratio |');
  console.log('|---|---|---|---|---|');
  for (const path of paths) {
    for (let i = 0; i < 20; i++) await product([], path); // warm-up
    const ours: number[] = [];
    const base: number[] = [];
    for (let i = 0; i < REQUESTS / 2; i++) {
      // ABBA: product, baseline, baseline, product
      await product(ours, path);
      await baseline(base, i);
      await baseline(base, i + 1);
      await product(ours, path);
    }
    ours.sort((a, b) => a - b);
    base.sort((a, b) => a - b);
    const [p50, p95, b50, b95] = [
      percentile(ours, 0.5),
      percentile(ours, 0.95),
      percentile(base, 0.5),
      percentile(base, 0.95),
    ];
    console.log(
      `| \`GET ${path}\` | ${fmt(p50, 1)} | ${fmt(p95, 1)} | ${fmt(b50, 2)} / ${fmt(b95, 2)} | ${fmt(p50 / b50, 1)}x |`,
    );
  }
  console.log(`\ntarget: p95 < 200 ms at ${ORDERS} orders; ${machine()}`);
  await app.close();
} finally {
  await sql.end();
  await dropDatabase(ADMIN_URL, name);
}
