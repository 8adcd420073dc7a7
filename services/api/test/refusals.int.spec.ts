import { type DomainErrorCode, domainError, domainErrorHttpStatus } from '@hs/domain';
import { CommandRefusedError } from '@hs/eventstore';
import { type TestDatabase, testDatabase } from '@hs/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, testApiConfig } from '../src';

/** A decider's refusal, thrown from any route, is answered with the domain's status and its message. */
describe('refusals', () => {
  let db: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    db = await testDatabase();
    app = await buildApp(
      testApiConfig({}, { DATABASE_URL: db.url, REDIS_URL: process.env.HS_TEST_REDIS_URL! }),
      { sql: db.sql },
    );
    app.get<{ Params: { code: DomainErrorCode } }>('/api/test/refuse/:code', async (request) => {
      throw new CommandRefusedError(domainError(request.params.code, `Refused with ${request.params.code}`));
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  it.each([
    ['NOT_FOUND', 404],
    ['INVALID', 400],
    ['SLOT_FULL', 409],
    ['PRIMARY_REQUIRED', 409],
  ] as const)('answers %s with %i and the refusal message', async (code, status) => {
    const res = await app.inject(`/api/test/refuse/${code}`);
    expect(res.statusCode).toBe(status);
    expect(res.statusCode).toBe(domainErrorHttpStatus({ code }));
    expect(res.json()).toEqual({ success: false, message: `Refused with ${code}` });
  });
});
