// Booking throughput: POST /api/registrations on the built api (worker running, projections live)
// against a bare Fastify route in a process of its own doing one durable INSERT of a booking-sized row
// into the same Postgres database. autocannon, BOOKING_CONNECTIONS clients, bookings spread at random
// over BOOKING_SLOTS slots. Order product, baseline, baseline, product (ABBA), each BENCH_SECONDS after
// a warm-up; figures are the mean of the two runs of each side. CPU per request from /proc per process
// and in total per side: the product's api, worker and their Postgres backends, the baseline's process
// and its backends, and on both sides Postgres's background processes and the bench (load generator).
//   npm run booking -w bench      (npm run build first)
// Knobs: BENCH_SECONDS (default 10), BOOKING_CONNECTIONS (50), BOOKING_SLOTS (200),
//        BOOKING_PRELOAD (seconds of bookings before the runs, default 15; at least the 2 s warm-up),
//        BOOKING_ANALYZE=off (no ANALYZE after the preload: plans made for the empty tables stay),
//        BOOKING_STATEMENTS=on (pg_stat_statements reset after the preload, so it holds the timed runs'
//          statements; needs shared_preload_libraries = 'pg_stat_statements' on the server),
//        BOOKING_WORKER=off (no worker: what the api's side alone costs; projections then stand still),
//        BENCH_GC_METER=off (no GC meter in api and worker: then no "garbage-collection pauses" line),
//        BOOKING_COMPARE=KEY=VALUE[,...] (a second api configuration B against the default A in one run,
//          order A base B B base A, the api restarted and warmed up at each switch; e.g. GROUP_COMMIT=off),
//        DATABASE_URL (admin url of the Postgres server, default postgres://postgres@127.0.0.1:5432/postgres)
import { countEvents } from '@hs/eventstore';
import { type LoadResult, fmt, load, machine, mean, startBaseline, statusLine } from '../lib/load';
import { bookableEvent, bookingBody, cpuDelta, cpuSnapshot, startBenchStack } from '../lib/stack';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BOOKING_CONNECTIONS ?? 50);
const SLOTS = Number(process.env.BOOKING_SLOTS ?? 200);

const WORKER = process.env.BOOKING_WORKER !== 'off';
const PRELOAD = Number(process.env.BOOKING_PRELOAD ?? 15);
const ANALYZE = process.env.BOOKING_ANALYZE !== 'off';
const STATEMENTS = process.env.BOOKING_STATEMENTS === 'on';
// BOOKING_COMPARE=KEY=VALUE[,KEY=VALUE...]: a second api configuration (B) measured against the default
// (A) in the same run, e.g. GROUP_COMMIT=off.
const COMPARE: Record<string, string> | undefined = process.env.BOOKING_COMPARE
  ? Object.fromEntries(
      process.env.BOOKING_COMPARE.split(',').map((pair) => {
        const eq = pair.indexOf('=');
        if (eq < 1) throw new Error(`BOOKING_COMPARE: expected KEY=VALUE, got "${pair}"`);
        return [pair.slice(0, eq).trim(), pair.slice(eq + 1).trim()];
      }),
    )
  : undefined;
type Side = 'A' | 'B' | 'base';

console.log(
  `booking throughput: ${CONNECTIONS} clients, ${SLOTS} slots, ${SECONDS} s per run after ${Math.max(PRELOAD, 2)} s of preload${ANALYZE ? ' and ANALYZE' : ', NO ANALYZE'}${WORKER ? '' : ', NO WORKER'}${COMPARE ? `, A = default api, B = api with ${process.env.BOOKING_COMPARE}` : ''}; ${machine()}`,
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
    // Warm-up (JIT, pools, catalogue caches) long enough to give the log and the read models some
    // thousands of rows, then the statistics a production server's autovacuum keeps (issue 27): a
    // server with autovacuum off, as this machine's CI Postgres is, plans every prepared statement
    // for the empty tables the run started with and keeps those plans, sequential scans included.
    await product(Math.max(PRELOAD, 2));
    if (ANALYZE) await stack.sql`analyze`;
    if (STATEMENTS) {
      await stack.sql`create extension if not exists pg_stat_statements`;
      await stack.sql`select pg_stat_statements_reset()`;
    }
    await bare(2);
    // Without BOOKING_COMPARE: A base base A. With it: A base B B base A, so each side's two runs sit
    // around the same middle and a drift in the machine's load hits all three alike. Switching the api's
    // configuration restarts it (same port, database and worker) and warms the new one up first.
    const order: Side[] = COMPARE ? ['A', 'base', 'B', 'B', 'base', 'A'] : ['A', 'base', 'base', 'A'];
    let current: 'A' | 'B' = 'A';
    const runs: LoadResult[] = [];
    // CPU of each process (and of the Postgres backends serving it, and of Postgres's background
    // processes) per run, to see where the time goes.
    const cpu: Record<string, number>[] = [];
    // The garbage collector's pauses in api and worker per run (bench/lib/gc-meter.cjs): part of their CPU.
    const gc: Record<string, number>[] = [];
    const gcSnapshot = (pids: Record<string, number>) =>
      Object.fromEntries(['api', 'worker'].flatMap((k) => (pids[k] ? [[k, stack.gcMs(pids[k])]] : [])));
    for (const side of order) {
      if (side !== 'base' && side !== current) {
        await stack.restartApi(side === 'B' ? COMPARE! : {});
        current = side;
        await product(2); // warm-up of the new api
      }
      const pids = {
        api: stack.pids.api, // read each run: a restart changes it
        ...(stack.pids.worker ? { worker: stack.pids.worker } : {}),
        baseline: baseline.child.pid!,
        bench: process.pid,
      };
      const before = await cpuSnapshot(stack.sql, pids);
      const gcBefore = gcSnapshot(pids);
      runs.push(await (side === 'base' ? bare : product)(SECONDS));
      // A booking's cost includes the worker's share (projections, its emails): measured once it is done.
      if (side !== 'base' && WORKER && !(await stack.workDone(120_000)))
        console.log("  (the worker had not finished the run's work after 120 s: its CPU is a lower bound)");
      cpu.push(cpuDelta(before, await cpuSnapshot(stack.sql, pids)));
      gc.push(cpuDelta(gcBefore, gcSnapshot(pids)));
    }
    const of = (side: Side) => order.flatMap((s, i) => (s === side ? [i] : []));
    const sides: Side[] = COMPARE ? ['A', 'B', 'base'] : ['A', 'base'];
    const label: Record<Side, string> = {
      A: COMPARE ? 'product A (default)' : 'product',
      B: `product B (${process.env.BOOKING_COMPARE})`,
      base: 'baseline',
    };
    const result = (side: Side) => {
      const [x, y] = of(side);
      return mean(runs[x!]!, runs[y!]!);
    };
    const booked = await countEvents(stack.sql, { type: 'RegistrationBooked' });
    console.log(`\n| side | bookings/s | p50 ms | p99 ms | max ms | statuses |`);
    console.log(`|---|---|---|---|---|---|`);
    for (const side of sides) {
      const r = result(side);
      const name = side === 'base' ? 'baseline: one INSERT' : `${label[side]} POST /api/registrations`;
      console.log(
        `| ${name} | ${fmt(r.perSecond)} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${fmt(r.max)} | ${statusLine(r.statuses)}${r.errors ? ` errors:${r.errors}` : ''} |`,
      );
    }
    // Which processes each side's total counts: its own, plus what both share (Postgres's background
    // processes, the load generator and the bench's own checking pool). A process of the other side
    // idles during a run; its figure is shown in brackets and left out of the total.
    const shared = ['postgres (background)', 'bench', 'postgres (bench)'];
    const productKeys = [
      'api',
      'postgres (api)',
      ...(WORKER ? ['worker', 'postgres (worker)'] : []),
      ...shared,
    ];
    const baselineKeys = ['baseline', 'postgres (bench-baseline)', ...shared];
    const counted = (side: Side) => (side === 'base' ? baselineKeys : productKeys);
    // Per request of a side: CPU by default, or another per-run measure such as the GC pauses.
    const perReq = (side: Side, key: string, perRun = cpu) => {
      const i = of(side);
      return i.reduce((a, k) => a + (perRun[k]![key] ?? 0), 0) / i.reduce((a, k) => a + runs[k]!.requests, 0);
    };
    const total = (side: Side) => counted(side).reduce((a, key) => a + perReq(side, key), 0);
    console.log(
      `\nCPU ms per request (user + system, from /proc), by process; (x): not counted in that side's total:`,
    );
    console.log(`| process | ${sides.map((s) => label[s]).join(' | ')} |`);
    console.log(`|---|${sides.map(() => '---|').join('')}`);
    const keys = [
      ...new Set([...productKeys, ...baselineKeys, ...cpu.flatMap((c) => Object.keys(c))]),
    ].sort();
    for (const key of keys) {
      const cells = sides.map((s) => {
        const v = fmt(perReq(s, key), 3);
        return counted(s).includes(key) ? v : `(${v})`;
      });
      console.log(`| ${key} | ${cells.join(' | ')} |`);
    }
    console.log(`| **TOTAL** | ${sides.map((s) => `**${fmt(total(s), 3)}**`).join(' | ')} |`);
    // BENCH_GC_METER=off: no run has a GC figure (the meter's NaN is dropped by cpuDelta).
    const metered = gc.every((g) => 'api' in g);
    for (const side of metered ? sides.filter((s) => s !== 'base') : []) {
      const parts = (WORKER ? ['api', 'worker'] : ['api']).map((key) => {
        const ms = perReq(side, key, gc);
        return `${key} ${fmt(ms, 3)} ms (${fmt((100 * ms) / perReq(side, key), 0)} % of its CPU)`;
      });
      console.log(
        `${COMPARE ? `${label[side]}: ` : ''}of which garbage-collection pauses: ${parts.join(', ')}`,
      );
    }
    console.log(`\nruns (${order.join(' ')}): ${runs.map((r) => fmt(r.perSecond)).join(', ')} per s`);
    console.log(`RegistrationBooked events in the log: ${booked} (201 answers incl. warm-ups should match)`);
    const baseCpu = total('base');
    for (const side of sides.filter((s) => s !== 'base')) {
      const x = total(side);
      const prefix = COMPARE ? `${label[side]}: ` : '';
      console.log(
        `${prefix}CPU per booking: ${fmt(x, 3)} ms (target <= 1.0 ms); baseline ${fmt(baseCpu, 3)} ms per request; ratio X/Y = ${fmt(x / baseCpu, 2)}x (target <= 5x)`,
      );
      console.log(
        `${prefix}ratio product/baseline: ${fmt(result(side).perSecond / result('base').perSecond, 2)}x (target >= 0.5x)`,
      );
    }
    if (COMPARE)
      console.log(
        `B/A: CPU per booking ${fmt(total('B') / total('A'), 2)}x, bookings/s ${fmt(result('B').perSecond / result('A').perSecond, 2)}x`,
      );
    console.log(machine());
  } finally {
    await baseline.stop();
  }
} finally {
  await stack.stop();
}
