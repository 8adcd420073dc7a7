import { Writable } from 'node:stream';
import { type TestDatabase, testDatabase } from '@hs/testing';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { type ApiConfig, type AppDeps, buildApp, testApiConfig } from '../src';
import { createUser } from '../src/auth/users';
import { checkEveryAnswer } from './documented-answers';

export interface TestApi {
  /** Error-level log lines of the app, to explain an unexpected 5xx in an assertion message. */
  errors: string[];
  app: FastifyInstance;
  db: TestDatabase;
  /** A bearer token of a freshly created admin. */
  adminToken: () => Promise<string>;
  /** inject with the admin's bearer token. */
  asAdmin: (options: InjectOptions) => Promise<LightMyRequestResponse>;
  close: () => Promise<void>;
}

let userCounter = 0;

export async function startTestApi(
  overrides: Partial<ApiConfig> = {},
  deps: Omit<AppDeps, 'sql'> = {},
  options: { checkAnswers?: boolean } = {},
): Promise<TestApi> {
  const db = await testDatabase();
  const config = testApiConfig(overrides, {
    DATABASE_URL: db.url,
    REDIS_URL: process.env.HS_TEST_REDIS_URL!,
  });
  const errors: string[] = [];
  const logStream = new Writable({
    write(chunk, _enc, done) {
      errors.push(chunk.toString());
      done();
    },
  });
  const app = await buildApp({ ...config, logLevel: 'error' }, { logStream, ...deps, sql: db.sql });
  await app.ready();
  // The contract tests: an answer the OpenAPI document does not describe fails the test.
  if (options.checkAnswers) await checkEveryAnswer(app);
  let token: string | undefined;
  const adminToken = async () => {
    if (token) return token;
    userCounter += 1;
    const username = `admin${userCounter}`;
    await createUser(db.sql, {
      username,
      password: 'correct horse battery',
      email: `${username}@example.com`,
    });
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username, password: 'correct horse battery' },
    });
    token = res.json().data.token as string;
    return token;
  };
  return {
    errors,
    app,
    db,
    adminToken,
    asAdmin: async (options) =>
      app.inject({
        ...options,
        headers: { ...options.headers, authorization: `Bearer ${await adminToken()}` },
      }),
    close: async () => {
      await app.close();
      await db.drop();
    },
  };
}

/** The booking form's contact fields for a test person `i` (unique name, email and NRIC-shaped id). */
export const person = (i: number) => ({
  firstName: 'Mei',
  lastName: `Ling${i}`,
  email: `mei${i}@example.com`,
  mobileNumber: '91234567',
  gender: 'female',
  identificationNumber: `S11111${String(i).padStart(2, '0')}A`,
  dateOfBirth: '1985-02-03',
  postalCode: '560123',
  address: '1 Street',
});
