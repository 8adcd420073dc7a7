// Hot slot: HOT_REQUESTS concurrent one-person bookings (one connection each, all sent at once) on one
// slot of HOT_CAPACITY seats, on the built api with its worker. Checks from the event log that exactly
// HOT_CAPACITY seats were taken, counts answers by status and 409 reason, the time until every request
// had its answer, p99 latency and the optimistic-concurrency retries (rolled-back transactions in the
// bench database, from pg_stat_database). Baseline, side by side in the same run: the same number of
// concurrent requests to a bare Fastify route doing one INSERT each (bench/lib/baseline-server.ts).
// HOT_ROUNDS rounds, each on a fresh slot, alternating product and baseline.
//   npm run hot-slot -w bench      (npm run build first)
// Knobs: HOT_REQUESTS (1000), HOT_CAPACITY (20), HOT_ROUNDS (3), DATABASE_URL (admin url)
import { readStream } from '@hs/eventstore';
import { fmt, type LoadResult, load, machine, startBaseline, statusLine } from '../lib/load';
import { bookableEvent, bookingBody, startBenchStack } from '../lib/stack';

const REQUESTS = Number(process.env.HOT_REQUESTS ?? 1000);
const CAPACITY = Number(process.env.HOT_CAPACITY ?? 20);
const ROUNDS = Number(process.env.HOT_ROUNDS ?? 3);

console.log(`hot slot: ${REQUESTS} concurrent bookings on ${CAPACITY} seats, ${ROUNDS} rounds; ${machine()}`);
const stack = await startBenchStack();
let failed = false;
try {
  const ids = await bookableEvent(stack, ROUNDS + 1, CAPACITY);
  await stack.sql`create table baseline_bookings (
    id bigint generated always as identity primary key,
    reference_number text not null unique,
    timeslot_id bigint not null,
    data jsonb not null,
    created_at timestamptz not null default now())`;
  const baseline = await startBaseline({ DATABASE_URL: stack.dbUrl });
  const rollbacks = async () => {
    const [row] = await stack.sql<{ n: string }[]>`
      select pg_stat_force_next_flush(), xact_rollback::text as n from pg_stat_database where datname = current_database()`;
    return Number(row?.n ?? 0);
  };
  try {
    let n = 0;
    // Warm-up on a slot of its own so JIT and pools are ready before the burst.
    await load({
      url: stack.baseUrl,
      method: 'POST',
      paths: ['/api/registrations'],
      body: () =>
        bookingBody(n++, {
          eventId: ids.eventId,
          packageId: ids.packageId,
          timeslotId: ids.slotIds[ROUNDS]!,
        }),
      connections: 10,
      amount: CAPACITY,
    });
    const rows: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const timeslotId = ids.slotIds[round]!;
      const reasons: Record<string, number> = {};
      const before = await rollbacks();
      const logFrom = stack.output().length;
      await new Promise((r) => setTimeout(r, 1000)); // let the machine settle after setup
      const started = performance.now();
      const ours: LoadResult = await load({
        url: stack.baseUrl,
        method: 'POST',
        paths: ['/api/registrations'],
        body: () => bookingBody(n++, { eventId: ids.eventId, packageId: ids.packageId, timeslotId }),
        connections: REQUESTS,
        amount: REQUESTS,
        timeoutSeconds: 30,
        onResponse: (status, body) => {
          if (status !== 409) return;
          const message = (JSON.parse(body) as { message: string }).message;
          reasons[message] = (reasons[message] ?? 0) + 1;
        },
      });
      const allAnswered = (performance.now() - started) / 1000;
      await new Promise((r) => setTimeout(r, 1500)); // pg stats are flushed at most once a second
      const retries = (await rollbacks()) - before;
      const slot = await readStream<{ seats: number }>(stack.sql, `timeslot-${timeslotId}`);
      const seatsOf = (type: string) =>
        slot.filter((e) => e.type === type).reduce((sum, e) => sum + e.data.seats, 0);
      const taken = seatsOf('SeatsReserved') - seatsOf('SeatsReleased');
      const times = slot.map((e) => e.recordedAt.getTime());
      const fillMs = times.length ? Math.max(...times) - Math.min(...times) : Number.NaN;
      const errorsLogged = stack
        .output()
        .slice(logFrom)
        .split('\n')
        .filter((l) => /"level":(50|60)/.test(l));
      const fiveXX = Object.entries(ours.statuses)
        .filter(([k]) => Number(k) >= 500)
        .reduce((a, [, v]) => a + v, 0);
      const answered = ours.requests;
      const ok =
        taken === CAPACITY &&
        (ours.statuses['201'] ?? 0) === CAPACITY &&
        fiveXX === 0 &&
        answered === REQUESTS;
      if (!ok) failed = true;

      const bStarted = performance.now();
      const base = await load({
        url: baseline.url,
        method: 'POST',
        paths: ['/baseline/book'],
        body: () => bookingBody(n++, { eventId: ids.eventId, packageId: ids.packageId, timeslotId }),
        connections: REQUESTS,
        amount: REQUESTS,
        timeoutSeconds: 30,
      });
      const bAnswered = (performance.now() - bStarted) / 1000;
      rows.push(
        `| ${round + 1} | ${taken} | ${answered}/${REQUESTS} | ${fmt(allAnswered, 2)} | ${fmt(ours.p50)} | ${fmt(ours.p99)} | ${fiveXX} | ${fmt(retries / REQUESTS, 2)} | ${statusLine(ours.statuses)}${ours.errors ? ` errors:${ours.errors}` : ''} | ${fmt(bAnswered, 2)} | ${fmt(base.p99)} | ${fmt(allAnswered / bAnswered, 2)}x |`,
      );
      console.log(
        `round ${round + 1}: 409 reasons ${JSON.stringify(reasons)}; ${slot.length} events on the slot stream, first to last seat ${fmt(fillMs, 0)} ms`,
      );
      for (const line of errorsLogged.slice(0, 3)) console.log(`  api error: ${line.slice(0, 1500)}`);
    }
    console.log(
      `\n| round | seats taken (log) | answered | all answered s | p50 ms | p99 ms | 5xx | retries/request | statuses | baseline all answered s | baseline p99 ms | time product/baseline |`,
    );
    console.log(`|---|---|---|---|---|---|---|---|---|---|---|---|`);
    for (const r of rows) console.log(r);
    console.log(`\ntarget: exactly ${CAPACITY} seats, all answered within 2 s, zero 5xx`);
    console.log(
      `retries/request: rolled-back transactions in the bench database during the round / requests`,
    );
    console.log(machine());
  } finally {
    await baseline.stop();
  }
} finally {
  await stack.stop();
}
if (failed) {
  console.error('a round broke the hot-slot invariant (seats, 201 count, 5xx or unanswered requests)');
  process.exitCode = 1;
}
