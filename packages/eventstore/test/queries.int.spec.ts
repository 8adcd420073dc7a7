import { randomUUID } from 'node:crypto';
import type { Sql } from '@hs/db';
import { type TestDatabase, testDatabase } from '@hs/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { append, findFirstEvent } from '../src';

const meta = { actor: 'public' };

describe('findFirstEvent', () => {
  let db: TestDatabase;
  let sql: Sql;
  beforeAll(async () => {
    db = await testDatabase({ max: 4 });
    sql = db.sql;
  });
  afterAll(async () => {
    await db.drop();
  });

  it('finds the first event of a type in a stream, or by a data field', async () => {
    const code = `partner-booking-${randomUUID()}`;
    expect(await findFirstEvent(sql, { streamId: code, type: 'PartnerBookingUsed' })).toBeNull();
    await append(
      sql,
      {
        streamId: code,
        expectedVersion: 'no_stream',
        events: [
          { type: 'Noted', data: {} },
          { type: 'PartnerBookingUsed', data: { registrationId: '7' } },
          { type: 'PartnerBookingUsed', data: { registrationId: '8' } },
        ],
      },
      meta,
    );
    expect(await findFirstEvent(sql, { streamId: code, type: 'PartnerBookingUsed' })).toMatchObject({
      version: 2,
      data: { registrationId: '7' },
    });

    const reference = randomUUID().slice(0, 12);
    await append(
      sql,
      {
        streamId: `registration-${randomUUID()}`,
        expectedVersion: 'no_stream',
        events: [{ type: 'RegistrationBooked', data: { referenceNumber: reference, registrationId: '9' } }],
      },
      meta,
    );
    const match = { type: 'RegistrationBooked', data: { field: 'referenceNumber', equals: reference } };
    expect(await findFirstEvent(sql, match)).toMatchObject({ data: { registrationId: '9' } });
    expect(await findFirstEvent(sql, { ...match, data: { ...match.data, equals: 'nope' } })).toBeNull();
    await expect(findFirstEvent(sql, { type: "x' or true --", streamId: code })).rejects.toThrow(TypeError);
  });
});
