// Idle CPU (issue 47): the built stack (api + worker) left alone, no requests, for IDLE_SECONDS, first on
// the demo data and then again with IDLE_ORDERS orders in the orders read model. CPU from /proc of the
// api, the worker and the Postgres backends serving each (pg_stat_activity's application_name), summed:
// target at most 300 ms of CPU a minute (0.5 % of one core). Side by side in the same window, the
// baseline: a bare Fastify process with a Postgres pool (bench/lib/baseline-server.ts), what any Node
// service costs at rest. Postgres's background processes (whole server, shared with other work on the
// machine) and the bench are shown in brackets, not counted.
//   npm run idle-cpu -w bench      (npm run build first)
// Knobs: IDLE_SECONDS (300; 60 for a quick run), IDLE_ORDERS (100000; 0: the demo data only),
//        IDLE_SETTLE_SECONDS (15: after start or seeding, before measuring), BENCH_READY_SECONDS (30),
//        IDLE_ENV=KEY=VALUE[,...] (extra env for api and worker, e.g. HOLD_SWEEP_MS=5000 for the old polling),
//        DATABASE_URL (admin url)
//
// The orders are copies of one real booking's row with their own ids, statuses and appointment days
// spread over four months around today (what the sweepers read); the log itself is not grown.
import { fmt, machine, startBaseline } from '../lib/load';
import {
  type BenchStack,
  bookableEvent,
  bookingBody,
  cpuDelta,
  cpuSnapshot,
  projectionsCaughtUp,
  startBenchStack,
} from '../lib/stack';

// The GC meter (bench/lib/gc-meter.cjs) ticks ten times a second in api and worker: at rest that is the
// bench's own cost, not the product's. BENCH_GC_METER=on keeps it.
if (process.env.BENCH_GC_METER !== 'on') process.env.BENCH_GC_METER = 'off';
const SECONDS = Number(process.env.IDLE_SECONDS ?? 300);
const ORDERS = Number(process.env.IDLE_ORDERS ?? 100_000);
const SETTLE = Number(process.env.IDLE_SETTLE_SECONDS ?? 15);
const TARGET_MS_PER_MIN = 300;
// A loaded machine's slow seeding is no overload to shed: the check stays on (its sampler runs) but never trips.
const EXTRA_ENV: Record<string, string> = Object.fromEntries(
  `OVERLOAD_MAX_EVENT_LOOP_DELAY_MS=60000,${process.env.IDLE_ENV ?? ''}`
    .split(',')
    .filter(Boolean)
    .map((pair) => [pair.slice(0, pair.indexOf('=')).trim(), pair.slice(pair.indexOf('=') + 1).trim()]),
);
const COUNTED = ['api', 'worker', 'postgres (api)', 'postgres (worker)'];

console.log(
  `idle CPU: ${SECONDS} s at rest on the demo data${ORDERS > 0 ? ` and on ${ORDERS} orders` : ''}${process.env.IDLE_ENV ? ` with ${process.env.IDLE_ENV}` : ''}; ${machine()}`,
);

const stack = await startBenchStack({ env: EXTRA_ENV });
const baseline = await startBaseline({ DATABASE_URL: stack.dbUrl });
try {
  // One real booking: its row is the pattern of the seeded orders, and the stack has done some work.
  const ids = await bookableEvent(stack, 1, 100);
  const res = await fetch(`${stack.baseUrl}/api/registrations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(bookingBody(1, { ...ids, timeslotId: ids.slotIds[0]! })),
  });
  if (res.status !== 201) throw new Error(`booking: ${res.status} ${await res.text()}`);
  if (!(await projectionsCaughtUp(stack.sql, 30_000))) throw new Error('projections did not catch up');

  const rows: Row[] = [];
  rows.push({ phase: 'demo data', perMin: await measure(stack) });
  report(rows);
  if (ORDERS > 0) {
    const started = Date.now();
    await seedOrders(stack, ORDERS);
    console.log(`seeded ${ORDERS} orders in ${fmt((Date.now() - started) / 1000, 1)} s`);
    rows.push({ phase: `${ORDERS} orders`, perMin: await measure(stack) });
    report(rows);
  }
} finally {
  await baseline.stop();
  await stack.stop();
}

interface Row {
  phase: string;
  perMin: Record<string, number>;
}

/** The table so far (printed after each phase, so a later failure loses nothing measured). */
function report(rows: Row[]): void {
  console.log(
    `\nCPU ms per minute at rest (user + system, from /proc); (x): not counted in the total; ${SECONDS} s each:`,
  );
  console.log(`| process | ${rows.map((r) => r.phase).join(' | ')} |`);
  console.log(`|---|${rows.map(() => '---|').join('')}`);
  const keys = [...new Set([...COUNTED, ...rows.flatMap((r) => Object.keys(r.perMin))])];
  for (const key of keys) {
    const cells = rows.map((r) => {
      const v = fmt(r.perMin[key] ?? 0, 1);
      return COUNTED.includes(key) ? v : `(${v})`;
    });
    console.log(`| ${key} | ${cells.join(' | ')} |`);
  }
  const total = (r: Row) => COUNTED.reduce((a, k) => a + (r.perMin[k] ?? 0), 0);
  const base = (r: Row) => (r.perMin.baseline ?? 0) + (r.perMin['postgres (bench-baseline)'] ?? 0);
  console.log(
    `| **TOTAL (api + worker + their backends)** | ${rows.map((r) => `**${fmt(total(r), 1)}**`).join(' | ')} |`,
  );
  console.log(
    `| baseline (bare Fastify + pool, and its backend) | ${rows.map((r) => fmt(base(r), 1)).join(' | ')} |`,
  );
  for (const r of rows) {
    console.log(
      `${r.phase}: ${fmt(total(r), 1)} ms CPU a minute (target <= ${TARGET_MS_PER_MIN}); ratio to target ${fmt(total(r) / TARGET_MS_PER_MIN, 2)}x; ` +
        `baseline ${fmt(base(r), 1)} ms; ratio product/baseline ${base(r) > 0 ? fmt(total(r) / base(r), 1) : 'n/a'}x`,
    );
  }
  console.log(machine());
}

/** CPU ms per minute of each process over SECONDS at rest, after SETTLE seconds. */
async function measure(s: BenchStack): Promise<Record<string, number>> {
  await new Promise((r) => setTimeout(r, SETTLE * 1000));
  const pids = {
    api: s.pids.api,
    ...(s.pids.worker ? { worker: s.pids.worker } : {}),
    baseline: baseline.child.pid!,
    bench: process.pid,
  };
  const before = await cpuSnapshot(s.sql, pids);
  const t0 = Date.now();
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  const delta = cpuDelta(before, await cpuSnapshot(s.sql, pids));
  const minutes = (Date.now() - t0) / 60_000;
  return Object.fromEntries(Object.entries(delta).map(([k, v]) => [k, v / minutes]));
}

/**
 * `n` copies of the one booked order: a tenth cancelled or expired, a twentieth awaiting payment with a
 * hold a day ahead, the rest paid; appointment days from 60 days ago to 60 ahead, the past ones checked
 * in or marked no-show already (as the sweeps would have left them).
 */
async function seedOrders(s: BenchStack, n: number): Promise<void> {
  const [{ id } = { id: null }] = await s.sql<
    { id: string | null }[]
  >`select max(registration_id)::text as id from orders`;
  if (id === null) throw new Error('no order to copy');
  const chunk = 5_000;
  for (let first = 1; first <= n; first += chunk) {
    const last = Math.min(n, first + chunk - 1);
    await s.sql.begin(async (tx) => {
      await tx`set local statement_timeout = 0`;
      await tx`
      insert into orders
      select (jsonb_populate_record(o, jsonb_build_object(
        'registration_id', ${id}::bigint + 1000000000 + g,
        'reference_number', 'IDLE-' || g,
        'status', case when g % 20 = 0 then 'cancelled' when g % 20 = 1 then 'expired'
                       when g % 20 = 2 then 'pending_payment' else o.status end,
        'hold_until', case when g % 20 = 2 then now() + interval '1 day' else null end,
        'timeslot_date', current_date + (g % 121) - 60,
        'no_show_at', case when (g % 121) - 60 < 0 then now() else null end
      ))).*
      from orders o, generate_series(${first}::int, ${last}::int) g
      where o.registration_id = ${id}`;
    });
  }
  await s.sql`analyze orders`;
}
