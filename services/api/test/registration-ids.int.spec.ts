import type { Sql } from '@hs/db';
import { type TestDatabase, testDatabase } from '@hs/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRegistrationIds } from '../src/booking/book';

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
});
