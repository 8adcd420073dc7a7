// What tracing costs (issue 47). Without OTEL_EXPORTER_OTLP_ENDPOINT no SDK starts and every traced
// call of ours is one boolean test: measured here as (1) the event store's statement wrapper against
// calling the statement's function directly, in ns per call, and (2) appends of one event each on a
// scratch database with tracing off against tracing on (an in-memory exporter, every append inside a
// parent span, as a request's are), side by side in ABBA rounds.
//   npx tsx bench/tracing/index.ts
// Knobs: TRACING_CALLS (wrapper calls per round, default 2,000,000), TRACING_APPENDS (appends per
// round, default 1,000), DATABASE_URL (admin url of the server).
import { randomUUID } from 'node:crypto';
import { connect } from '@hs/db';
import { append } from '@hs/eventstore';
import { statementSpan } from '../../packages/eventstore/src/spans';
import { startTracing, withSpan } from '@hs/tracing';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { machine } from '../lib/load';
import { scratchDatabase } from '../lib/stack';

const CALLS = Number(process.env.TRACING_CALLS ?? 2_000_000);
const APPENDS = Number(process.env.TRACING_APPENDS ?? 1_000);

const done = Promise.resolve(1);
const statement = () => done;

async function nsPerCall(traced: boolean): Promise<number> {
  const started = process.hrtime.bigint();
  for (let i = 0; i < CALLS; i++) await (traced ? statementSpan('append', statement) : statement());
  return Number(process.hrtime.bigint() - started) / CALLS;
}

const fmt = (n: number, digits = 1) => n.toFixed(digits);

console.log(`tracing bench: ${machine()}`);
// (1) tracing off: the wrapper against the bare call.
const wrapper = { bare: 0, wrapped: 0 };
for (const traced of [false, true, true, false, false, true]) {
  wrapper[traced ? 'wrapped' : 'bare'] += (await nsPerCall(traced)) / 3;
}
console.log(
  `statement wrapper, tracing off: ${fmt(wrapper.wrapped)} ns/call against ${fmt(wrapper.bare)} ns bare ` +
    `(+${fmt(wrapper.wrapped - wrapper.bare)} ns, ratio ${fmt(wrapper.wrapped / wrapper.bare, 2)})`,
);

// (2) appends, tracing off against on.
const db = await scratchDatabase('hsbench_tracing');
const sql = connect(db.url, { max: 1, applicationName: 'bench-tracing' });
const exporter = new InMemorySpanExporter();
const appendsPerSecond = async (): Promise<number> => {
  const started = process.hrtime.bigint();
  for (let i = 0; i < APPENDS; i++) {
    await withSpan('request', () =>
      append(
        sql,
        {
          streamId: `bench-${randomUUID()}`,
          expectedVersion: 'no_stream',
          events: [{ type: 'Benched', data: { i } }],
        },
        { actor: 'bench' },
      ),
    );
  }
  return APPENDS / (Number(process.hrtime.bigint() - started) / 1e9);
};
try {
  const rate = { off: 0, on: 0 };
  for (const on of [false, true, true, false]) {
    const tracing = on ? await startTracing('bench', { exporter }) : null;
    rate[on ? 'on' : 'off'] += (await appendsPerSecond()) / 2;
    await tracing?.shutdown();
    exporter.reset();
  }
  console.log(
    `appends: ${fmt(rate.off, 0)}/s tracing off, ${fmt(rate.on, 0)}/s tracing on (in-memory exporter); ` +
      `on/off ${fmt(rate.on / rate.off, 2)}`,
  );
} finally {
  await sql.end({ timeout: 5 });
  await db.drop();
}
