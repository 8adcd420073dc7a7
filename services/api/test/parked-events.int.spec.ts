/**
 * Issue 43: an event a subscriber cannot handle is parked and the rest of the log goes on; staff see it
 * on the system view and in /readyz's detail, and retry it once the cause is fixed.
 */
import {
  append,
  defineProjection,
  listParkedEvents,
  type Runner,
  startProjectionRunner,
} from '@hs/eventstore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, startTestApi } from './helpers';

const meta = { actor: 'public' };

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('parked events on the system view and in readiness (issue 43)', () => {
  let api: TestApi;
  let runner: Runner;
  let broken = true;
  const applied: string[] = [];

  beforeAll(async () => {
    api = await startTestApi();
    const projection = defineProjection({
      name: 'parking_probe',
      handlers: {
        ProbeSeen: async (_tx, e) => {
          if (broken && (e.data as { poison?: boolean }).poison)
            throw new Error('probe cannot read this event');
          applied.push(e.streamId);
        },
      },
    });
    runner = startProjectionRunner(api.db.sql, [projection], { pollMs: 20 });
  });
  afterAll(async () => {
    await runner.stop();
    await api.close();
  });

  const seen = (streamId: string, poison = false) =>
    append(
      api.db.sql,
      [{ streamId, expectedVersion: 'any', events: [{ type: 'ProbeSeen', data: { poison } }] }],
      meta,
    );

  it('parks the poison event, applies the rest, shows it, and applies it on retry once fixed', async () => {
    await seen('probe-1');
    await seen('probe-2', true);
    await seen('probe-3');
    await until(async () => applied.includes('probe-3'), 'the event after the poison one');
    await until(async () => (await listParkedEvents(api.db.sql)).length === 1, 'the parked event');

    const ready = await api.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({
      status: 'degraded',
      postgres: { ok: true },
      log: { ok: false, parked: { parking_probe: 1 }, stalled: [] },
    });

    const parked = await api.asAdmin({ method: 'GET', url: '/api/admin/system/parked-events' });
    expect(parked.statusCode).toBe(200);
    const [row] = parked.json().data;
    expect(row).toMatchObject({
      subscriber: 'parking_probe',
      streamId: 'probe-2',
      eventType: 'ProbeSeen',
      attempts: 3,
      retryRequestedAt: null,
    });
    expect(row.error).toContain('probe cannot read this event');

    const subs = await api.asAdmin({ method: 'GET', url: '/api/admin/system/subscriptions' });
    expect(subs.json().data.find((s: { name: string }) => s.name === 'parking_probe')).toMatchObject({
      parkedEvents: 1,
      stalled: false,
      lagEvents: 0,
    });

    const unknown = await api.asAdmin({
      method: 'POST',
      url: '/api/admin/system/parked-events/parking_probe/00000000-0000-4000-8000-000000000000/retry',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, message: 'Parked event not found' });
    const anonymous = await api.app.inject({
      method: 'POST',
      url: `/api/admin/system/parked-events/parking_probe/${row.eventId}/retry`,
    });
    expect(anonymous.statusCode).toBe(401);

    // Retried while the cause remains: it stays parked with the error, and no retry is pending.
    const again = await api.asAdmin({
      method: 'POST',
      url: `/api/admin/system/parked-events/parking_probe/${row.eventId}/retry`,
    });
    expect(again.statusCode).toBe(202);
    await until(
      async () => (await listParkedEvents(api.db.sql))[0]?.retryRequestedAt === null,
      'the failed retry to be recorded',
    );
    expect(await listParkedEvents(api.db.sql)).toHaveLength(1);
    expect(applied).not.toContain('probe-2');

    broken = false;
    const retry = await api.asAdmin({
      method: 'POST',
      url: `/api/admin/system/parked-events/parking_probe/${row.eventId}/retry`,
    });
    expect(retry.statusCode).toBe(202);
    await until(async () => (await listParkedEvents(api.db.sql)).length === 0, 'the retry to apply it');
    expect(applied.filter((s) => s === 'probe-2')).toHaveLength(1);
    const after = await api.app.inject('/readyz');
    expect(after.json()).toMatchObject({ status: 'ready', log: { ok: true, parked: {}, stalled: [] } });
    const [audit] = await api.db.sql<{ entity: string; entity_id: string }[]>`
      select entity, entity_id from audit_log where entity = 'parked_event_retry' order by id desc limit 1`;
    expect(audit).toEqual({ entity: 'parked_event_retry', entity_id: `parking_probe/${row.eventId}` });
  });
});
