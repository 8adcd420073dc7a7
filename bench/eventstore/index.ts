// Event store throughput and projection lag, ours side by side with Emmett on the same Postgres.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/eventstore/index.ts
// Knobs: BENCH_SECONDS (per cell, default 3), BENCH_WRITERS (default 1,16,64), BENCH_ONLY (a subset
//        of new,existing,multi,lag),
//        LAG_RATE (appends/s during the lag run, default 200), LAG_SECONDS (default 10).
// It creates a scratch database, runs every cell in turn (never two at once, ours and Emmett in
// ABBA order, each figure the mean of two runs), prints a table with ours/emmett throughput ratios,
// and drops the database.
import { randomUUID } from 'node:crypto';
import { getPostgreSQLEventStore, type PostgresEventStore } from '@event-driven-io/emmett-postgresql';
import { connect, findMigrationsDir, migrate, type Sql } from '@hs/db';
import {
  START,
  append,
  defineProjection,
  ensureCheckpoint,
  headPosition,
  startProjectionRunner,
} from '@hs/eventstore';
import pg from 'pg';

const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const WRITERS = (process.env.BENCH_WRITERS ?? '1,16,64').split(',').map(Number);
const LAG_RATE = Number(process.env.LAG_RATE ?? 200);
const LAG_SECONDS = Number(process.env.LAG_SECONDS ?? 10);
const ONLY = process.env.BENCH_ONLY?.split(','); // e.g. "existing,lag" to run a subset
const meta = { actor: 'worker:bench' };

interface Cell {
  ops: number;
  perSecond: number;
  p50: number;
  p99: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Runs `writers` loops of `op` for SECONDS after a short warm-up; latency per call in ms. */
async function measure(writers: number, op: (writer: number, i: number) => Promise<unknown>): Promise<Cell> {
  const warmUntil = Date.now() + 300;
  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      for (let i = 0; Date.now() < warmUntil; i++) await op(w, -1 - i);
    }),
  );
  const latencies: number[] = [];
  const start = performance.now();
  const end = start + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      for (let i = 0; performance.now() < end; i++) {
        const t = performance.now();
        await op(w, i);
        latencies.push(performance.now() - t);
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    ops: latencies.length,
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

const event = (n: number) => ({ type: 'SeatsReserved', data: { seats: 1, n } });

// Each writer owns its streams, so (b) and (c) measure the append path, not lost races.
async function ours(url: string, writers: number, scenario: 'new' | 'existing' | 'multi'): Promise<Cell> {
  const sql = connect(url, { max: writers, applicationName: 'bench-ours' });
  const run = randomUUID().slice(0, 8);
  const versions = new Map<string, number>();
  try {
    return await measure(writers, async (w, i) => {
      if (scenario === 'new') {
        return append(
          sql,
          { streamId: `registration-${randomUUID()}`, expectedVersion: 'no_stream', events: [event(i)] },
          meta,
        );
      }
      const ids =
        scenario === 'existing'
          ? [`timeslot-${run}-${w}`]
          : [0, 1, 2].map((k) => `timeslot-${run}-${w}-${k}`);
      const r = await append(
        sql,
        ids.map((streamId) => ({
          streamId,
          expectedVersion: versions.get(streamId) ?? 'no_stream',
          events: [event(i)],
        })),
        meta,
      );
      for (const [id, v] of Object.entries(r.versions)) versions.set(id, v);
      return r;
    });
  } finally {
    await sql.end({ timeout: 5 });
  }
}

async function emmett(url: string, writers: number, scenario: 'new' | 'existing'): Promise<Cell> {
  // Same pool size as ours; Emmett's default pg.Pool would cap it at 10 connections.
  const pool = new pg.Pool({ connectionString: url, max: writers });
  const store: PostgresEventStore = getPostgreSQLEventStore(url, { connectionOptions: { pool } });
  const run = randomUUID().slice(0, 8);
  const versions = new Map<string, bigint>();
  try {
    await store.appendToStream(`warmup-${run}`, [event(0)]); // applies Emmett's schema once
    return await measure(writers, async (w, i) => {
      if (scenario === 'new') {
        return store.appendToStream(`registration-${randomUUID()}`, [event(i)], {
          expectedStreamVersion: 'STREAM_DOES_NOT_EXIST',
        });
      }
      const id = `timeslot-${run}-${w}`;
      const r = await store.appendToStream(id, [event(i)], {
        expectedStreamVersion: versions.get(id) ?? 'STREAM_DOES_NOT_EXIST',
      });
      versions.set(id, r.nextExpectedStreamVersion);
      return r;
    });
  } finally {
    await store.close();
    await pool.end();
  }
}

/**
 * Commit-to-read-model lag at a steady append rate through the real projection runner (woken by
 * NOTIFY; its polling fallback is set to 1 s so it cannot hide a missed wake-up). The handler's
 * pg_notify is delivered when the projection's transaction commits, which is the moment measured.
 */
async function projectionLag(
  url: string,
  admin: Sql,
): Promise<{ samples: number; p50: number; p99: number; max: number; foreignMs: number }> {
  await admin`create table if not exists bench_slots (slot_id text primary key, seats int not null)`;
  const projection = defineProjection({
    name: 'bench_slots',
    handlers: {
      SeatsReserved: async (tx, e) => {
        await tx`insert into bench_slots (slot_id, seats) values (${e.streamId}, 1)
                 on conflict (slot_id) do update set seats = bench_slots.seats + 1`;
        await tx`select pg_notify('bench_projected', ${e.eventId})`;
      },
    },
  });
  const runnerSql = connect(url, { max: 4, applicationName: 'bench-projector' });
  const writerSql = connect(url, { max: 16, applicationName: 'bench-lag-writer' });
  const listenSql = connect(url, { max: 1, applicationName: 'bench-lag-listener' });
  const committedAt = new Map<string, number>();
  const projectedAt = new Map<string, number>();
  await listenSql.listen('bench_projected', (id) => projectedAt.set(id, performance.now()));
  // Start from the end of the log: the throughput cells left plenty of events behind.
  await ensureCheckpoint(admin, 'bench_slots', (await headPosition(admin)) ?? START);
  const runner = startProjectionRunner(runnerSql, [projection], { pollMs: 1_000, leaseMs: 10_000 });
  try {
    await new Promise((r) => setTimeout(r, 500)); // lease taken, LISTEN registered
    // The snapshot horizon is cluster-wide: a write transaction open in ANY database of this server
    // holds every subscriber back. Record the longest one seen, to tell a busy shared server apart.
    let foreignMs = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const [r] = await admin<{ ms: number }[]>`
          select coalesce(max(extract(epoch from now() - xact_start)) * 1000, 0)::float8 as ms
          from pg_stat_activity where backend_xid is not null and datname is distinct from current_database()`;
        foreignMs = Math.max(foreignMs, r!.ms);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const total = LAG_RATE * LAG_SECONDS;
    const interval = 1000 / LAG_RATE;
    const pending: Promise<unknown>[] = [];
    const start = performance.now();
    for (let n = 0; n < total; n++) {
      const due = start + n * interval;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      const eventId = randomUUID();
      pending.push(
        append(
          writerSql,
          { streamId: `timeslot-lag-${n % 50}`, expectedVersion: 'any', events: [{ ...event(n), eventId }] },
          meta,
        ).then(() => committedAt.set(eventId, performance.now())),
      );
    }
    await Promise.all(pending);
    const deadline = Date.now() + 10_000;
    while (projectedAt.size < total && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    sampling = false;
    await sampler;
    const lags = [...committedAt].map(([id, t]) =>
      Math.max(0, (projectedAt.get(id) ?? Number.POSITIVE_INFINITY) - t),
    );
    lags.sort((a, b) => a - b);
    return {
      samples: lags.length,
      p50: percentile(lags, 50),
      p99: percentile(lags, 99),
      max: lags.at(-1)!,
      foreignMs,
    };
  } finally {
    await runner.stop();
    await Promise.all([
      runnerSql.end({ timeout: 5 }),
      writerSql.end({ timeout: 5 }),
      listenSql.end({ timeout: 5 }),
    ]);
  }
}

function mean(x: Cell, y: Cell): Cell {
  return {
    ops: x.ops + y.ops,
    perSecond: (x.perSecond + y.perSecond) / 2,
    p50: (x.p50 + y.p50) / 2,
    p99: (x.p99 + y.p99) / 2,
  };
}

const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

async function main(): Promise<void> {
  const dbName = `hs_bench_eventstore_${Date.now()}`;
  const root = connect(baseUrl, { max: 1 });
  await root.unsafe(`create database "${dbName}"`);
  const u = new URL(baseUrl);
  u.pathname = `/${dbName}`;
  const url = u.toString();
  const admin = connect(url, { max: 2 });
  try {
    await migrate(admin, findMigrationsDir(new URL('.', import.meta.url).pathname));
    const [info] = await admin<{ version: string; sync: string }[]>`
      select current_setting('server_version') as version, current_setting('synchronous_commit') as sync`;
    console.log(
      `Postgres ${info!.version} (synchronous_commit=${info!.sync}), ${SECONDS}s per cell, pools sized to the writer count\n`,
    );
    console.log(
      '| scenario | writers | ours appends/s | ours p50/p99 ms | emmett appends/s | emmett p50/p99 ms | ours/emmett |',
    );
    console.log('|---|---|---|---|---|---|---|');
    const scenarios = [
      ['(a) one event, new stream', 'new'],
      ['(b) one event, existing stream, expected version', 'existing'],
      ['(c) atomic 3-stream append', 'multi'],
    ] as const;
    for (const [label, scenario] of scenarios) {
      if (ONLY && !ONLY.includes(scenario)) continue;
      for (const writers of WRITERS) {
        // ABBA order, averaged: a drift in the machine's load hits both sides alike.
        const a1 = await ours(url, writers, scenario);
        const b =
          scenario === 'multi'
            ? null
            : mean(await emmett(url, writers, scenario), await emmett(url, writers, scenario));
        const a = mean(a1, await ours(url, writers, scenario));
        console.log(
          `| ${label} | ${writers} | ${fmt(a.perSecond, 0)} | ${fmt(a.p50, 2)} / ${fmt(a.p99, 2)} | ` +
            (b
              ? `${fmt(b.perSecond, 0)} | ${fmt(b.p50, 2)} / ${fmt(b.p99, 2)} | ${fmt(a.perSecond / b.perSecond, 2)}x |`
              : 'n/a | n/a | n/a (Emmett has no atomic multi-stream append) |'),
        );
      }
    }
    if (ONLY && !ONLY.includes('lag')) return;
    const lag = await projectionLag(url, admin);
    console.log(
      `\nProjection lag at ${LAG_RATE} appends/s for ${LAG_SECONDS}s (commit acknowledged -> read model committed): ` +
        `p50 ${fmt(lag.p50)} ms, p99 ${fmt(lag.p99)} ms, max ${fmt(lag.max)} ms over ${lag.samples} events ` +
        `(target p99 < 50 ms: ${lag.p99 < 50 ? 'met' : 'NOT met'}); longest write transaction seen in other ` +
        `databases of this server: ${fmt(lag.foreignMs)} ms`,
    );
  } finally {
    await admin.end({ timeout: 5 });
    await root.unsafe(`drop database if exists "${dbName}" with (force)`);
    await root.end({ timeout: 5 });
  }
}

await main();
