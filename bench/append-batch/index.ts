// A group commit's batch statement alone (issue 27): Postgres CPU per booking written set-based
// (`eventstore_append_batch`, migration 023) against item by item (`eventstore_append_items`, the
// 020 loop it falls back to), side by side on one backend of a scratch database.
//   npm run append-batch -w bench
// Knobs: APPEND_BATCH (bookings per batch, default 20: the booking bench's average),
//        APPEND_BATCHES (batches per run, default 300), DATABASE_URL (admin url of the server).
// Each booking is two events as the api writes them: a RegistrationBooked of the api's shape, its
// personal fields references into its person's sealed box (docs/privacy.md), on a new registration
// stream, and SeatsReserved on one of 200 slot streams at its expected version. Runs in the order items set set items; CPU is the backend's own, from /proc.
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { connect } from '@hs/db';
import { machine } from '../lib/load';
import { scratchDatabase } from '../lib/stack';

const PER_BATCH = Number(process.env.APPEND_BATCH ?? 20);
const BATCHES = Number(process.env.APPEND_BATCHES ?? 300);
const SLOTS = 200;

/**
 * A booking event of the api's shape and size (its personal fields sealed, as the log holds them: one
 * box per person, docs/privacy.md; eight values of about 20 characters, sealed and base64url).
 */
function booked(n: number) {
  const subject = `participant-${randomUUID()}`;
  let ref = 0;
  const reference = () => `pd2.${ref++}`;
  const person = {
    email: reference(),
    firstName: reference(),
    lastName: reference(),
    mobileNumber: reference(),
    dateOfBirth: reference(),
    identificationNumber: reference(),
    gender: 'female',
  };
  return {
    status: 'pending_payment',
    consent: { at: new Date().toISOString(), given: true, noticeVersion: 1 },
    contact: { ...person, region: 'north', address: reference(), postalCode: reference() },
    eventId: 1,
    partner: null,
    pricing: {
      gstCents: 1152,
      totalCents: 13952,
      taxableCents: 12800,
      subtotalCents: 12800,
      participantCount: 1,
    },
    bookedAt: new Date().toISOString(),
    eventName: 'Community Health Screening 2026',
    packageId: 1,
    timeslotId: n % SLOTS,
    participants: [{ ...person, isPrimary: true, packageId: 1, participantId: subject.slice(12) }],
    registrationId: String(n),
    referenceNumber: `HSB-${n}`,
    pd2: { [subject]: randomBytes(180).toString('base64url') },
  };
}

const meta = (id: string) => ({
  eventId: id,
  correlationId: id,
  causationId: id,
  actor: 'public',
  requestId: id,
});

const db = await scratchDatabase('hsappend');
const sql = connect(db.url, { max: 1, applicationName: 'bench-append' });
try {
  await sql`insert into streams (stream_id, stream_type, version)
            select 'timeslot-' || g, 'timeslot', 1 from generate_series(0, ${SLOTS - 1}) g`;
  // A slot's stream starts with its creation event (version 1), as in the product.
  const slotVersion = new Array<number>(SLOTS).fill(1);
  const [{ pid }] = (await sql`select pg_backend_pid() as pid`) as unknown as [{ pid: number }];
  // The flush is not CPU; leave it out so the two paths differ only in their statements.
  await sql`set synchronous_commit = off`;
  const cpuMs = () => {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(f[11]) + Number(f[12])) * 10;
  };
  let n = 0;
  const batch = () =>
    JSON.stringify(
      Array.from({ length: PER_BATCH }, () => {
        const i = n++;
        const slot = `timeslot-${i % SLOTS}`;
        const registration = `registration-${i}`;
        const expected = slotVersion[i % SLOTS]!;
        slotVersion[i % SLOTS] = expected + 1;
        const streams = [
          { id: registration, type: 'registration', expected: -1, count: 1 },
          { id: slot, type: 'timeslot', expected, count: 1 },
        ].sort((a, b) => (a.id < b.id ? -1 : 1));
        const [b, r] = [randomUUID(), randomUUID()];
        return {
          streams,
          events: [
            {
              s: streams.findIndex((s) => s.id === registration),
              id: b,
              type: 'RegistrationBooked',
              data: booked(i),
              metadata: meta(b),
            },
            {
              s: streams.findIndex((s) => s.id === slot),
              id: r,
              type: 'SeatsReserved',
              data: {
                at: new Date().toISOString(),
                seats: 1,
                bookedAfter: expected + 1,
                registrationId: String(i),
              },
              metadata: meta(r),
            },
          ],
        };
      }),
    );

  const run = async (fn: 'eventstore_append_batch' | 'eventstore_append_items') => {
    const texts = Array.from({ length: BATCHES }, batch);
    const before = cpuMs();
    let refused = 0;
    for (const text of texts) {
      const rows = await sql.unsafe<{ r_error_code: string | null }[]>(
        `select r_error_code from ${fn}($1::text::jsonb, false)`,
        [text],
      );
      refused += rows.filter((r) => r.r_error_code !== null).length;
    }
    if (refused > 0)
      throw new Error(`${fn}: ${refused} appends refused; the bench writes none that conflict`);
    return (cpuMs() - before) / (BATCHES * PER_BATCH);
  };

  console.log(`append batch: ${BATCHES} batches of ${PER_BATCH} bookings per run; ${machine()}`);
  await run('eventstore_append_items'); // warm-up: plans, caches, the tables' first pages
  await run('eventstore_append_batch');
  const items = [await run('eventstore_append_items')];
  const set = [await run('eventstore_append_batch'), await run('eventstore_append_batch')];
  items.push(await run('eventstore_append_items'));
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const fmt = (x: number) => x.toFixed(3);
  console.log('\n| path | runs (backend CPU ms per booking) | mean |\n|---|---|---|');
  console.log(
    `| item by item (baseline, eventstore_append_items) | ${items.map(fmt).join(', ')} | ${fmt(mean(items))} |`,
  );
  console.log(`| set-based (eventstore_append_batch) | ${set.map(fmt).join(', ')} | ${fmt(mean(set))} |`);
  console.log(`\nratio set-based/item by item: ${(mean(set) / mean(items)).toFixed(2)}x (lower is better)`);
} finally {
  await sql.end({ timeout: 5 });
  await db.drop();
}
