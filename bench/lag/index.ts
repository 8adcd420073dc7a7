// Projection lag under booking load: the built api and worker (projections run in the worker, woken by
// NOTIFY), bookings from autocannon as in bench/booking. Every 201 carries the booking's log position;
// a poller on its own connection reads the `orders` and `slot_availability` checkpoints every
// LAG_POLL_MS and notes when each position is first covered. Lag = that moment minus the moment the
// 201 arrived (the commit happened before the answer was sent, so this slightly under-counts by the
// answer's trip; the poll interval over-counts by up to LAG_POLL_MS).
// Two loads: saturating (LAG_CONNECTIONS clients, as many bookings as the api takes) and a steady
// LAG_RATE bookings/s. Baseline: the same poller on a bare append through @hs/eventstore is the
// event-store bench (`npm run eventstore -w bench`, BENCH_ONLY=lag); this one is the whole product.
//   npm run lag -w bench      (npm run build first)
// Before the loads, LAG_PRELOAD seconds of bookings (10 clients) and ANALYZE, as bench/booking does: what a
// production server's autovacuum keeps, so the plans are not the ones made for empty tables (issue 27).
// Knobs: LAG_SECONDS (15), LAG_CONNECTIONS (50), LAG_RATE (50), LAG_POLL_MS (2), BOOKING_SLOTS (200),
//        LAG_PRELOAD (seconds, default 15; at least 2), LAG_ANALYZE=off (the old way: 2 s, no ANALYZE)
import { comparePositions, listCheckpoints, type Position, parsePosition } from '@hs/eventstore';
import { connect } from '@hs/db';
import { fmt, load, machine, percentile, statusLine } from '../lib/load';
import { bookableEvent, bookingBody, projectionsCaughtUp, startBenchStack } from '../lib/stack';

const SECONDS = Number(process.env.LAG_SECONDS ?? 15);
const CONNECTIONS = Number(process.env.LAG_CONNECTIONS ?? 50);
const RATE = Number(process.env.LAG_RATE ?? 50);
const POLL_MS = Number(process.env.LAG_POLL_MS ?? 2);
const SLOTS = Number(process.env.BOOKING_SLOTS ?? 200);
const PRELOAD = Math.max(Number(process.env.LAG_PRELOAD ?? 15), 2);
const ANALYZE = process.env.LAG_ANALYZE !== 'off';
const SUBSCRIPTIONS = ['orders', 'slot_availability'] as const;

console.log(
  `projection lag: ${SECONDS} s per load, poll every ${POLL_MS} ms, after ${PRELOAD} s of preload${ANALYZE ? ' and ANALYZE' : ', NO ANALYZE'}; ${machine()}`,
);
const stack = await startBenchStack();
const poller = connect(stack.dbUrl, { max: 1, applicationName: 'bench-lag-poller' });
try {
  const ids = await bookableEvent(stack, SLOTS, 10_000);
  let n = 0;
  const body = () =>
    bookingBody(n++, {
      eventId: ids.eventId,
      packageId: ids.packageId,
      timeslotId: ids.slotIds[Math.floor(Math.random() * ids.slotIds.length)]!,
    });

  async function measure(label: string, rate: number | undefined, connections: number) {
    const pending: { position: Position; at: number; seen: Partial<Record<string, number>> }[] = [];
    const lags: Record<string, number[]> = { orders: [], slot_availability: [] };
    const slow: Record<string, number[]> = { orders: [], slot_availability: [] }; // when (s into the run) lag > 100 ms
    const t0 = performance.now();
    let running = true;
    let stoppedAt = 0;
    // The snapshot horizon is cluster-wide: a write transaction open in ANY database of this server
    // holds every subscriber back. Record the longest one seen, to tell a busy shared server apart.
    // The product's own write transactions hold it too: record the longest per application (api,
    // worker), since a long projection or reactor batch delays every other projection.
    let foreignMs = 0;
    const ownMs: Record<string, number> = {};
    const sampler = (async () => {
      while (running) {
        const rows = await stack.sql<{ app: string; own: boolean; ms: number }[]>`
          select case when datname = current_database() then application_name else '' end as app,
                 datname = current_database() as own,
                 coalesce(max(extract(epoch from now() - xact_start)) * 1000, 0)::float8 as ms
          from pg_stat_activity where backend_xid is not null group by 1, 2`;
        for (const { app, own, ms } of rows) {
          if (!own) foreignMs = Math.max(foreignMs, ms);
          else {
            const key = app.replace(/^worker:.*/, 'worker') || '(unnamed)';
            ownMs[key] = Math.max(ownMs[key] ?? 0, ms);
          }
        }
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const poll = (async () => {
      while (running || pending.length > 0) {
        const checkpoints = await listCheckpoints(poller, SUBSCRIPTIONS);
        const now = performance.now();
        for (const { name, position: checkpoint } of checkpoints) {
          for (const p of pending) {
            if (p.seen[name] === undefined && comparePositions(checkpoint, p.position) >= 0) {
              p.seen[name] = now;
              lags[name]!.push(Math.max(0, now - p.at));
              if (now - p.at > 100) slow[name]!.push((p.at - t0) / 1000);
            }
          }
        }
        for (let i = pending.length - 1; i >= 0; i--) {
          if (SUBSCRIPTIONS.every((s) => pending[i]!.seen[s] !== undefined)) pending.splice(i, 1);
        }
        if (!running && pending.length > 0 && performance.now() - stoppedAt > 10_000) break;
        await new Promise((r) => setTimeout(r, POLL_MS));
      }
    })();
    const r = await load({
      url: stack.baseUrl,
      method: 'POST',
      paths: ['/api/registrations'],
      body,
      connections,
      seconds: SECONDS,
      ...(rate ? { overallRate: rate } : {}),
      onResponse: (status, text) => {
        if (status !== 201) return;
        const token = (JSON.parse(text) as { data: { position: string | null } }).data.position;
        if (token) pending.push({ position: parsePosition(token), at: performance.now(), seen: {} });
      },
    });
    running = false;
    stoppedAt = performance.now();
    await Promise.all([poll, sampler]);
    const out: string[] = [];
    for (const name of SUBSCRIPTIONS) {
      const sorted = lags[name]!.sort((a, b) => a - b);
      out.push(
        `| ${label} | ${fmt(r.perSecond)} | \`${name}\` | ${sorted.length} | ${fmt(percentile(sorted, 50))} | ${fmt(percentile(sorted, 99))} | ${fmt(sorted.at(-1) ?? Number.NaN)} | ${statusLine(r.statuses)} | ${fmt(foreignMs, 0)} | ${Object.entries(
          ownMs,
        )
          .map(([k, v]) => `${k} ${fmt(v, 0)}`)
          .join(', ')} |`,
      );
    }
    for (const name of SUBSCRIPTIONS) {
      const at = slow[name]!;
      if (at.length)
        console.log(
          `${label}, ${name}: ${at.length} bookings over 100 ms, booked between ${fmt(at[0]!)} s and ${fmt(at.at(-1)!)} s into the run`,
        );
    }
    if (pending.length)
      out.push(`| ${label} | | ${pending.length} positions never covered within 10 s | | | | | | | |`);
    return out;
  }

  await load({
    url: stack.baseUrl,
    method: 'POST',
    paths: ['/api/registrations'],
    body,
    connections: 10,
    seconds: PRELOAD,
  });
  // The worker catches up with the preload first: its long batches would hold the steady run's horizon back.
  if (!(await projectionsCaughtUp(stack.sql, 120_000)))
    console.log('projections still behind the preload after 120 s');
  if (ANALYZE) await stack.sql`analyze`;
  // Steady first: the saturating run leaves the slower subscriptions (the reactor)
  // catching up, and their long batch transactions would hold the steady run's horizon back.
  const rows = [
    ...(await measure(`steady ${RATE}/s`, RATE, 10)),
    ...(await measure(`${CONNECTIONS} clients, saturating`, undefined, CONNECTIONS)),
  ];
  console.log(
    `\n| load | bookings/s | projection | samples | p50 ms | p99 ms | max ms | statuses | longest write tx in other databases ms | longest write tx of the product ms |`,
  );
  console.log(`|---|---|---|---|---|---|---|---|---|---|`);
  for (const r of rows) console.log(r);
  console.log(`\ntarget: p99 < 50 ms at the steady load (issue 27; it was 100 ms); ${machine()}`);
} finally {
  await poller.end({ timeout: 5 });
  await stack.stop();
}
