import type { Sql } from '@hs/db';
import { type TestDatabase, testDatabase } from '@hs/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTRATION_ID_RANDOM_BITS, createRegistrationIds } from '../src/booking/book';

describe('registration ids', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await testDatabase();
  });
  afterAll(async () => db.drop());

  it('two processes drawing 300 ids each at once never get the same id, and ask the sequence once per block', async () => {
    let statements = 0;
    // Counts the allocator's round trips; each is a real statement on the test database.
    const counted = ((strings: TemplateStringsArray, ...values: never[]) => {
      statements++;
      return db.sql(strings, ...values);
    }) as unknown as Sql;
    const a = createRegistrationIds(counted, 50);
    const b = createRegistrationIds(counted, 50);
    const drawn = await Promise.all([
      ...Array.from({ length: 300 }, () => a()),
      ...Array.from({ length: 300 }, () => b()),
    ]);
    expect(new Set(drawn).size).toBe(600);
    expect(drawn.every((id) => Number.isSafeInteger(id) && id > 0)).toBe(true);
    expect(statements).toBe(12);
  });

  it('ids are not guessable from one another: the sequence sets the high part, the low part is random', async () => {
    const next = createRegistrationIds(db.sql, 50);
    const drawn = await Promise.all(Array.from({ length: 500 }, () => next()));
    const span = 2 ** REGISTRATION_ID_RANDOM_BITS;
    const high = drawn.map((id) => Math.floor(id / span));
    const low = drawn.map((id) => id % span);
    // One sequence number per id, in order of drawing.
    expect(new Set(high).size).toBe(500);
    expect(high.every((h, i) => i === 0 || h > high[i - 1]!)).toBe(true);
    // Random low bits: 500 draws from 8 million values hardly ever repeat, and neighbours are far apart.
    expect(new Set(low).size).toBeGreaterThan(490);
    const nextToPrevious = drawn.slice(1).filter((id, i) => id === drawn[i]! + 1).length;
    expect(nextToPrevious).toBe(0);
    expect(drawn.every((id) => Number.isSafeInteger(id))).toBe(true);
  });
});
