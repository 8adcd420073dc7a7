// Booking throughput: POST /api/registrations on the built api (worker running, projections live)
// against a bare Fastify route in a process of its own doing one durable INSERT of a booking-sized row
// into the same Postgres database. autocannon, BOOKING_CONNECTIONS clients, bookings spread at random
// over BOOKING_SLOTS slots. Order product, baseline, baseline, product (ABBA), each BENCH_SECONDS after
// a warm-up; figures are the mean of the two runs of each side.
//   npm run booking -w bench      (npm run build first)
// Knobs: BENCH_SECONDS (default 10), BOOKING_CONNECTIONS (50), BOOKING_SLOTS (200),
//        BOOKING_WORKER=off (no worker: what the api's side alone costs; projections then stand still),
//        DATABASE_URL (admin url of the Postgres server, default postgres://postgres@127.0.0.1:5432/postgres)
import { countEvents } from '@hs/eventstore';
import { type LoadResult, fmt, load, machine, mean, startBaseline, statusLine } from '../lib/load';
import { bookableEvent, bookingBody, cpuDelta, cpuSnapshot, startBenchStack } from '../lib/stack';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BOOKING_CONNECTIONS ?? 50);
const SLOTS = Number(process.env.BOOKING_SLOTS ?? 200);

const WORKER = process.env.BOOKING_WORKER !== 'off';

console.log(
  `booking throughput: ${CONNECTIONS} clients, ${SLOTS} slots, ${SECONDS} s per run${WORKER ? '' : ', NO WORKER'}; ${machine()}`,
);
const stack = await startBenchStack({ worker: WORKER });
try {
  const ids = await bookableEvent(stack, SLOTS, 10_000);
  await stack.sql`create table baseline_bookings (
    id bigint generated always as identity primary key,
    reference_number text not null unique,
    timeslot_id bigint not null,
    data jsonb not null,
    created_at timestamptz not null default now())`;
  const baseline = await startBaseline({ DATABASE_URL: stack.dbUrl });
  try {
    let n = 0;
    const body = () =>
      bookingBody(n++, {
        eventId: ids.eventId,
        packageId: ids.packageId,
        timeslotId: ids.slotIds[Math.floor(Math.random() * ids.slotIds.length)]!,
      });
    const product = (seconds: number) =>
      load({
        url: stack.baseUrl,
        method: 'POST',
        paths: ['/api/registrations'],
        body,
        connections: CONNECTIONS,
        seconds,
      });
    const bare = (seconds: number) =>
      load({
        url: baseline.url,
        method: 'POST',
        paths: ['/baseline/book'],
        body,
        connections: CONNECTIONS,
        seconds,
      });
    await product(2); // warm-up: JIT, pools, catalogue caches
    await bare(2);
    const runs: LoadResult[] = [];
    // CPU per request of each process (and of the Postgres backends serving it), to see where the time goes.
    const pids = {
      api: stack.pids.api,
      ...(stack.pids.worker ? { worker: stack.pids.worker } : {}),
      baseline: baseline.child.pid!,
      bench: process.pid,
    };
    const cpu: Record<string, number>[] = [];
    for (const run of [product, bare, bare, product]) {
      const before = await cpuSnapshot(stack.sql, pids);
      runs.push(await run(SECONDS));
      cpu.push(cpuDelta(before, await cpuSnapshot(stack.sql, pids)));
    }
    const ours = mean(runs[0]!, runs[3]!);
    const base = mean(runs[1]!, runs[2]!);
    const booked = await countEvents(stack.sql, { type: 'RegistrationBooked' });
    console.log(`\n| side | bookings/s | p50 ms | p99 ms | max ms | statuses |`);
    console.log(`|---|---|---|---|---|---|`);
    for (const [name, r] of [
      ['product POST /api/registrations', ours],
      ['baseline: one INSERT', base],
    ] as const) {
      console.log(
        `| ${name} | ${fmt(r.perSecond)} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${fmt(r.max)} | ${statusLine(r.statuses)}${r.errors ? ` errors:${r.errors}` : ''} |`,
      );
    }
    console.log(`\nCPU ms per request (user + system, from /proc), by process:`);
    console.log(`| process | product run | baseline run |`);
    console.log(`|---|---|---|`);
    const perReq = (i: number[], key: string) =>
      i.reduce((a, k) => a + (cpu[k]![key] ?? 0), 0) / i.reduce((a, k) => a + runs[k]!.requests, 0);
    const keys = [...new Set(cpu.flatMap((c) => Object.keys(c)))].sort();
    for (const key of keys)
      console.log(`| ${key} | ${fmt(perReq([0, 3], key), 2)} | ${fmt(perReq([1, 2], key), 2)} |`);
    console.log(`\nruns (A B B A): ${runs.map((r) => fmt(r.perSecond)).join(', ')} per s`);
    console.log(`RegistrationBooked events in the log: ${booked} (201 answers incl. warm-up should match)`);
    console.log(`ratio product/baseline: ${fmt(ours.perSecond / base.perSecond, 2)}x (target >= 0.5x)`);
    console.log(machine());
  } finally {
    await baseline.stop();
  }
} finally {
  await stack.stop();
}
