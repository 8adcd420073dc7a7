import { type TestDatabase, testDatabase } from '@hs/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autovacuumGaps } from '../src';

// The worker warns when autovacuum cannot keep table statistics current (issue 27).
describe('autovacuumGaps', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await testDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  it("names exactly the settings of autovacuum and track_counts that are not 'on' on this server", async () => {
    const [a] = await db.sql<{ autovacuum: string }[]>`show autovacuum`;
    const [t] = await db.sql<{ track_counts: string }[]>`show track_counts`;
    const expected = [
      ...(a!.autovacuum === 'on' ? [] : ['autovacuum']),
      ...(t!.track_counts === 'on' ? [] : ['track_counts']),
    ];
    expect(await autovacuumGaps(db.sql)).toEqual(expected);
  });

  it('sees a setting changed in the session (track_counts can be turned off per session)', async () => {
    const gaps = await db.sql.begin(async (tx) => {
      await tx`set local track_counts = off`;
      return autovacuumGaps(tx);
    });
    expect(gaps).toContain('track_counts');
  });
});
