// Memory: resident set size (VmRSS from /proc) of the built api and worker before and after
// MEMORY_BOOKINGS bookings (50 clients, spread over BOOKING_SLOTS slots), once the projections have
// caught up, and again after MEMORY_IDLE_SECONDS idle. Baseline, side by side in the same run: the
// bare Fastify one-INSERT process (bench/lib/baseline-server.ts) after the same number of requests.
//   npm run memory -w bench      (npm run build first)
// Knobs: MEMORY_BOOKINGS (10000; the figure is 100000), MEMORY_CONNECTIONS (50),
//        MEMORY_IDLE_SECONDS (5), BOOKING_SLOTS (200), DATABASE_URL (admin url)
import { fmt, load, machine, startBaseline, statusLine } from '../lib/load';
import {
  bookableEvent,
  bookingBody,
  peakRssMb,
  projectionsCaughtUp,
  rssMb,
  startBenchStack,
} from '../lib/stack';

const BOOKINGS = Number(process.env.MEMORY_BOOKINGS ?? 10_000);
const CONNECTIONS = Number(process.env.MEMORY_CONNECTIONS ?? 50);
const IDLE = Number(process.env.MEMORY_IDLE_SECONDS ?? 5);
const SLOTS = Number(process.env.BOOKING_SLOTS ?? 200);
const STEPS = Number(process.env.MEMORY_STEPS ?? 5);
const LIMIT_MB = 250;

console.log(`memory: ${BOOKINGS} bookings, ${CONNECTIONS} clients; ${machine()}`);
const stack = await startBenchStack();
try {
  const ids = await bookableEvent(stack, SLOTS, Math.max(10_000, Math.ceil((BOOKINGS * 4) / SLOTS)));
  await stack.sql`create table baseline_bookings (
    id bigint generated always as identity primary key,
    reference_number text not null unique,
    timeslot_id bigint not null,
    data jsonb not null,
    created_at timestamptz not null default now())`;
  let n = 0;
  const body = () =>
    bookingBody(n++, {
      eventId: ids.eventId,
      packageId: ids.packageId,
      timeslotId: ids.slotIds[Math.floor(Math.random() * ids.slotIds.length)]!,
    });
  const book = (url: string, path: string, amount: number) =>
    load({ url, method: 'POST', paths: [path], body, connections: CONNECTIONS, amount, timeoutSeconds: 30 });
  await book(stack.baseUrl, '/api/registrations', 200); // warm-up
  await projectionsCaughtUp(stack.sql, 30_000);
  const start = { api: rssMb(stack.pids.api), worker: rssMb(stack.pids.worker!) };
  const t0 = performance.now();
  // In STEPS equal parts, RSS after each: a steady climb per part is a leak, a plateau is heap sizing.
  const steps: string[] = [];
  const statuses: Record<string, number> = {};
  for (let step = 1; step <= STEPS; step++) {
    const part = await book(stack.baseUrl, '/api/registrations', Math.round(BOOKINGS / STEPS));
    for (const [k, v] of Object.entries(part.statuses)) statuses[k] = (statuses[k] ?? 0) + v;
    steps.push(
      `${Math.round((BOOKINGS * step) / STEPS)}: api ${fmt(rssMb(stack.pids.api))} MB, worker ${fmt(rssMb(stack.pids.worker!))} MB`,
    );
  }
  const seconds = (performance.now() - t0) / 1000;
  const r = { statuses, perSecond: BOOKINGS / seconds };
  const projected = await projectionsCaughtUp(stack.sql, 300_000);
  const after = { api: rssMb(stack.pids.api), worker: rssMb(stack.pids.worker!) };
  await new Promise((res) => setTimeout(res, IDLE * 1000));
  const idle = { api: rssMb(stack.pids.api), worker: rssMb(stack.pids.worker!) };
  const peak = { api: peakRssMb(stack.pids.api), worker: peakRssMb(stack.pids.worker!) };

  const baseline = await startBaseline({ DATABASE_URL: stack.dbUrl });
  let base: { start: number; after: number; idle: number; peak: number };
  try {
    const pid = baseline.child.pid!;
    await book(baseline.url, '/baseline/book', 200);
    const bStart = rssMb(pid);
    await book(baseline.url, '/baseline/book', BOOKINGS);
    const bAfter = rssMb(pid);
    await new Promise((res) => setTimeout(res, IDLE * 1000));
    base = { start: bStart, after: bAfter, idle: rssMb(pid), peak: peakRssMb(pid) };
  } finally {
    await baseline.stop();
  }
  console.log(
    `\nbooked ${statusLine(r.statuses)} in ${fmt(seconds)} s (${fmt(r.perSecond)}/s); projections caught up: ${projected}`,
  );
  console.log(`RSS along the way (bookings: RSS): ${steps.join('; ')}`);
  console.log(
    `\n| process | RSS before MB | after ${BOOKINGS} bookings MB | after ${IDLE} s idle MB | highest ever (VmHWM) MB | limit |`,
  );
  console.log(`|---|---|---|---|---|---|`);
  console.log(
    `| api | ${fmt(start.api)} | ${fmt(after.api)} | ${fmt(idle.api)} | ${fmt(peak.api)} | ${LIMIT_MB} MB |`,
  );
  console.log(
    `| worker | ${fmt(start.worker)} | ${fmt(after.worker)} | ${fmt(idle.worker)} | ${fmt(peak.worker)} | ${LIMIT_MB} MB |`,
  );
  console.log(
    `| baseline (bare Fastify + INSERT) | ${fmt(base.start)} | ${fmt(base.after)} | ${fmt(base.idle)} | ${fmt(base.peak)} | |`,
  );
  console.log(`\nratio api/baseline after the bookings: ${fmt(after.api / base.after, 2)}x; ${machine()}`);
  if (peak.api > LIMIT_MB || peak.worker > LIMIT_MB) process.exitCode = 1;
} finally {
  await stack.stop();
}
