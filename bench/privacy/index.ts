// What encryption at rest (issue 24) costs a booking's append and a command's read: the same
// RegistrationBooked-shaped event (two participants) appended to fresh streams and read back, with the
// codec off and on, in ABBA order; each figure the mean of two runs.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/privacy/index.ts
// Knobs: BENCH_ROUNDS (appends per run, default 500).
import { randomUUID } from 'node:crypto';
import { connect, findMigrationsDir, migrate } from '@hs/db';
import { append, readStream, setEventCodec } from '@hs/eventstore';
import { installPersonalData, generateKeyBase64, personalDataCodec } from '@hs/privacy';

const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 500);
const name = `bench_privacy_${Date.now()}`;
const admin = connect(baseUrl, { max: 1 });
await admin.unsafe(`create database ${name}`);
const url = new URL(baseUrl);
url.pathname = `/${name}`;
const sql = connect(url.toString(), { max: 4 });
try {
  await migrate(sql, findMigrationsDir());
  installPersonalData({ key: generateKeyBase64(), hashKey: generateKeyBase64() });
  const person = (id: string, i: number) => ({
    participantId: id,
    isPrimary: i === 0,
    firstName: 'Mei',
    lastName: 'Tan',
    gender: 'female',
    identificationNumber: 'S1234567D',
    dateOfBirth: '1980-01-02',
    email: 'mei@example.com',
    mobileNumber: '91234567',
    isAiaMember: false,
    aiaMemberId: null,
    packageId: 1,
    packageName: 'Basic',
    packagePriceCents: 10000,
    aiaPriceCents: null,
    memberVerified: false,
  });
  const run = async (on: boolean) => {
    setEventCodec(on ? personalDataCodec : null);
    const start = process.hrtime.bigint();
    for (let i = 0; i < ROUNDS; i++) {
      const ids = [randomUUID(), randomUUID()];
      const streamId = `registration-${randomUUID()}`;
      await append(
        sql,
        {
          streamId,
          expectedVersion: 'no_stream',
          events: [
            {
              type: 'RegistrationBooked',
              data: {
                registrationId: '1',
                referenceNumber: `R${on ? 1 : 0}-${i}-${randomUUID().slice(0, 8)}`,
                contact: {
                  firstName: 'Mei',
                  lastName: 'Tan',
                  email: 'mei@example.com',
                  mobileNumber: '91234567',
                  gender: 'female',
                  identificationNumber: 'S1234567D',
                  dateOfBirth: '1980-01-02',
                  postalCode: '560123',
                  unitNumber: null,
                  address: '1 Road',
                  region: 'Central',
                  medicalConditions: 'none',
                },
                participants: ids.map(person),
              },
            },
          ],
        },
        { actor: 'bench' },
      );
      await readStream(sql, streamId);
    }
    return Number(process.hrtime.bigint() - start) / 1e6 / ROUNDS;
  };
  await run(false);
  await run(true); // warm-up
  const off1 = await run(false);
  const on1 = await run(true);
  const on2 = await run(true);
  const off2 = await run(false);
  const off = (off1 + off2) / 2;
  const on = (on1 + on2) / 2;
  console.log(
    `append + read of a 2-participant booking: codec off ${off.toFixed(2)} ms, on ${on.toFixed(2)} ms (+${(on - off).toFixed(2)} ms, x${(on / off).toFixed(2)}), ${ROUNDS} rounds each`,
  );
} finally {
  await sql.end({ timeout: 5 });
  await admin.unsafe(`drop database ${name} with (force)`);
  await admin.end({ timeout: 5 });
}
