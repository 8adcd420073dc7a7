// Public reads on the built api (seeded demo data, worker running) against a bare Fastify route in a
// process of its own returning a static JSON document of the same size (the product's own answer,
// captured first, serialised per request). autocannon, READ_CONNECTIONS clients, per endpoint ABBA
// (product, baseline, baseline, product), READ_SECONDS each after a warm-up.
//   npm run reads -w bench      (npm run build first)
// Knobs: READ_SECONDS (5), READ_CONNECTIONS (50), DATABASE_URL (admin url)
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fmt, type LoadResult, load, machine, mean, startBaseline, statusLine } from '../lib/load';
import { startBenchStack } from '../lib/stack';

const SECONDS = Number(process.env.READ_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.READ_CONNECTIONS ?? 50);

console.log(`reads: ${CONNECTIONS} clients, ${SECONDS} s per run; ${machine()}`);
const stack = await startBenchStack();
const dir = mkdtempSync(join(tmpdir(), 'hsbench-reads-'));
try {
  const events = (await (await fetch(`${stack.baseUrl}/api/events`)).json()) as {
    data: { id: number; slug: string; timeslotMode: string; timeslots: unknown[] }[];
  };
  const manual = events.data.find((e) => e.timeslotMode === 'manual' && e.timeslots.length > 0);
  const auto = events.data.find((e) => e.timeslotMode === 'auto');
  if (!manual || !auto) throw new Error('the demo data has no manual event with slots or no auto event');
  const endpoints = [
    '/api/events',
    `/api/events/${manual.slug}`,
    `/api/auto-timeslots/postal-code?postalCode=530123&eventId=${auto.id}`,
  ];
  const documents: unknown[] = [];
  const sizes: number[] = [];
  for (const path of endpoints) {
    const res = await fetch(`${stack.baseUrl}${path}`);
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${text}`);
    documents.push(JSON.parse(text));
    sizes.push(Buffer.byteLength(text));
  }
  writeFileSync(join(dir, 'static.json'), JSON.stringify(documents));
  const baseline = await startBaseline({ STATIC_FILE: join(dir, 'static.json') });
  try {
    const rows: string[] = [];
    for (const [i, path] of endpoints.entries()) {
      const product = (seconds: number) =>
        load({ url: stack.baseUrl, paths: [path], connections: CONNECTIONS, seconds });
      const bare = (seconds: number) =>
        load({ url: baseline.url, paths: [`/baseline/static/${i}`], connections: CONNECTIONS, seconds });
      await product(1);
      await bare(1);
      const runs: LoadResult[] = [];
      for (const run of [product, bare, bare, product]) runs.push(await run(SECONDS));
      const ours = mean(runs[0]!, runs[3]!);
      const base = mean(runs[1]!, runs[2]!);
      rows.push(
        `| \`GET ${path.replace(/\?.*/, '')}\` | ${sizes[i]} | ${fmt(ours.perSecond)} | ${fmt(ours.p50)} / ${fmt(ours.p99)} | ${fmt(base.perSecond)} | ${fmt(base.p50)} / ${fmt(base.p99)} | ${fmt(ours.perSecond / base.perSecond, 2)}x | ${statusLine(ours.statuses)} |`,
      );
      console.log(`${path}: runs (A B B A) ${runs.map((r) => fmt(r.perSecond)).join(', ')} per s`);
    }
    console.log(
      `\n| endpoint | bytes | product req/s | product p50 / p99 ms | baseline req/s | baseline p50 / p99 ms | ratio | product statuses |`,
    );
    console.log(`|---|---|---|---|---|---|---|---|`);
    for (const r of rows) console.log(r);
    console.log(`\ntarget: ratio >= 0.5x; ${machine()}`);
  } finally {
    await baseline.stop();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
  await stack.stop();
}
