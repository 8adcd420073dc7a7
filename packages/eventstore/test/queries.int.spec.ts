import { randomUUID } from 'node:crypto';
import type { Sql } from '@hs/db';
import { type TestDatabase, testDatabase } from '@hs/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { append, findFirstEvent, findStreamEvents } from '../src';

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

  it('findStreamEvents: the events of some types in some streams, each stream in version order', async () => {
    const a = `order-${randomUUID()}`;
    const b = `order-${randomUUID()}`;
    const add = (streamId: string, types: string[]) =>
      append(
        sql,
        { streamId, expectedVersion: 'any', events: types.map((type, i) => ({ type, data: { n: i } })) },
        meta,
      );
    await add(a, ['Booked', 'Noted', 'Printed', 'Printed']);
    await add(b, ['Booked', 'Printed']);
    await add(`order-${randomUUID()}`, ['Booked']);
    const found = await findStreamEvents(sql, [b, a], ['Booked', 'Printed']);
    const of = (id: string) => found.filter((e) => e.streamId === id).map((e) => [e.version, e.type]);
    expect(found).toHaveLength(5);
    expect(of(a)).toEqual([
      [1, 'Booked'],
      [3, 'Printed'],
      [4, 'Printed'],
    ]);
    expect(of(b)).toEqual([
      [1, 'Booked'],
      [2, 'Printed'],
    ]);
    // each stream's events together: the stream changes once along the list
    expect(found.filter((e, i) => i > 0 && e.streamId !== found[i - 1]!.streamId)).toHaveLength(1);
    const slim = await findStreamEvents(sql, [a], ['Booked'], { dataFields: ['n', 'absent'] });
    expect(slim.map((e) => e.data)).toEqual([{ n: 0 }]);
    expect(await findStreamEvents(sql, [], ['Booked'])).toEqual([]);
    await expect(findStreamEvents(sql, [a], ["x' or true --"])).rejects.toThrow(TypeError);
  });
});
