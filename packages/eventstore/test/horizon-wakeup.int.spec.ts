import { connect, type Sql } from '@hs/db';
import { type TestDatabase, testDatabase } from '@hs/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  append,
  defineProjection,
  type Position,
  type Runner,
  startProjectionRunner,
  startSubscription,
  waitForPosition,
} from '../src';

const meta = { actor: 'public' };
// Far longer than the test waits: only a re-read driven by the runner itself can deliver in time.
const POLL_MS = 10_000;
const LEASE_MS = 60_000;
const WITHIN_MS = 3_000;

async function tick(sql: Sql, streamId: string): Promise<Position> {
  const r = await append(
    sql,
    { streamId, expectedVersion: 'any', events: [{ type: 'Tick', data: {} }] },
    meta,
  );
  return r.position;
}

/**
 * Opens a write transaction (it takes a transaction id at once), which holds the cluster-wide
 * snapshot horizon until `release()`; it appends nothing and sends no NOTIFY.
 */
async function holdHorizon(url: string): Promise<{ release: () => Promise<void> }> {
  const sql = connect(url, { max: 1, applicationName: 'horizon-holder' });
  let release!: () => void;
  const released = new Promise<void>((r) => {
    release = r;
  });
  let opened!: () => void;
  const open = new Promise<void>((r) => {
    opened = r;
  });
  const tx = sql.begin(async (t) => {
    await t`select pg_current_xact_id()`;
    opened();
    await released;
  });
  await open;
  return {
    release: async () => {
      release();
      await tx;
      await sql.end({ timeout: 1 });
    },
  };
}

/**
 * A NOTIFY that arrives while an older transaction is still open finds nothing below the horizon.
 * When that transaction ends without appending, nothing notifies again: the runner must re-read on
 * its own, soon, rather than sleep until its polling fallback.
 */
describe('wake-ups behind the snapshot horizon', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await testDatabase();
    await db.sql`create table seen (stream_id text not null, version bigint not null, primary key (stream_id, version))`;
  });
  afterAll(async () => {
    await db.drop();
  });

  async function scenario(name: string, start: (sql: Sql) => Runner): Promise<void> {
    const runnerSql = connect(db.url, { max: 3 });
    const runner = start(runnerSql);
    try {
      // The runner is caught up and idle, waiting for a NOTIFY.
      const first = await tick(db.sql, `${name}-a`);
      expect(await waitForPosition(db.sql, name, first, 5_000)).toBe(true);

      const holder = await holdHorizon(db.url);
      let released = false;
      try {
        const blocked = await tick(db.sql, `${name}-a`);
        // The NOTIFY wakes the runner, which reads nothing: the append is above the horizon.
        await new Promise((r) => setTimeout(r, 300));
        expect(await waitForPosition(db.sql, name, blocked, 0)).toBe(false);
        await holder.release();
        released = true;
        const at = Date.now();
        expect(await waitForPosition(db.sql, name, blocked, WITHIN_MS)).toBe(true);
        expect(Date.now() - at).toBeLessThan(WITHIN_MS);
        const rows = await db.sql`select version from seen where stream_id = ${`${name}-a`} order by version`;
        expect(rows.map((r) => Number(r.version))).toEqual([1, 2]);
      } finally {
        if (!released) await holder.release();
      }
    } finally {
      await runner.stop();
      await runnerSql.end({ timeout: 1 });
    }
  }

  it('a projection applies an event held back by an older open transaction soon after it ends', async () => {
    const projection = defineProjection({
      name: 'held',
      handlers: {
        Tick: async (tx, e) => {
          if (!e.streamId.startsWith('held-')) return;
          await tx`insert into seen (stream_id, version) values (${e.streamId}, ${e.version})`;
        },
      },
    });
    await scenario('held', (sql) =>
      startProjectionRunner(sql, [projection], { pollMs: POLL_MS, leaseMs: LEASE_MS }),
    );
  });

  it('a subscription handles an event held back by an older open transaction soon after it ends', async () => {
    await scenario('held_sub', (sql) =>
      startSubscription(sql, {
        name: 'held_sub',
        pollMs: POLL_MS,
        leaseMs: LEASE_MS,
        handle: async (e) => {
          if (!e.streamId.startsWith('held_sub-')) return;
          await db.sql`insert into seen (stream_id, version) values (${e.streamId}, ${e.version}) on conflict do nothing`;
        },
      }),
    );
  });
});
