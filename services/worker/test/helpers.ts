/** Test fixtures for the worker: an in-process SMTP server, a Redis proxy, bookings through the decider. */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Sql } from '@hs/db';
import {
  type ContactDetails,
  type ParticipantSnapshot,
  type RegistrationCommand,
  registrationDecider,
  registrationStream,
  timeslotDeciderFor,
  timeslotStream,
} from '@hs/domain';
import { decideOn, handle, handleCommand } from '@hs/eventstore';

export { type ReceivedMail, type TestSmtp, parseMime, startSmtp } from '@hs/testing';

/** The text of a PDF through `pdftotext` (poppler). */
export async function pdfText(pdf: Buffer): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'hs-pdf-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    await writeFile(file, pdf);
    const { stdout } = await promisify(execFile)('pdftotext', ['-layout', file, '-']);
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// The worker as its own process

const WORKER_DIR = fileURLToPath(new URL('..', import.meta.url));

/** `npm run build -w @hs/worker` (the same esbuild script, without npm's start-up): dist/main.js. */
export async function buildWorker(): Promise<string> {
  await promisify(execFile)(process.execPath, ['../../scripts/build-service.mjs'], { cwd: WORKER_DIR });
  return path.join(WORKER_DIR, 'dist', 'main.js');
}

export interface WorkerProcess {
  child: ChildProcess;
  /** Resolves with the signal (or exit code) once the process is gone. */
  exited: Promise<NodeJS.Signals | number | null>;
  /** What it wrote to stdout and stderr so far (for failure messages). */
  output: () => string;
}

/** Starts `node <main>` with only the given environment (plus PATH), as a deployment would. */
export function spawnWorker(main: string, env: Record<string, string>): WorkerProcess {
  const child = spawn(process.execPath, [main], {
    cwd: path.resolve(WORKER_DIR, '../..'),
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => {
    out += c.toString();
  });
  child.stderr!.on('data', (c: Buffer) => {
    out += c.toString();
  });
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? code)),
  );
  return { child, exited, output: () => out };
}

/** `promise`, or an error naming `what` (read when the time is up) after `ms`. */
export async function within<T>(ms: number, what: string | (() => string), promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`Timed out after ${ms} ms: ${typeof what === 'string' ? what : what()}`));
    }, ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export { redisProxy } from '@hs/testing';

// ---------------------------------------------------------------------------------------------
// Catalogue and bookings

export interface Catalogue {
  eventId: number;
  timeslotId: number;
  day: string;
}

/** An event and a timeslot `daysAhead` days from now at 09:30 Singapore time. */
export async function seedCatalogue(sql: Sql, daysAhead = 3): Promise<Catalogue> {
  const [event] = await sql<{ id: number }[]>`
    insert into screening_events (name, slug, location)
    values ('Community Health Screening', ${`chs-${randomUUID().slice(0, 8)}`}, 'Orchard Community Club')
    returning id`;
  const day = new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);
  const [slot] = await sql<{ id: number }[]>`
    insert into timeslots (event_id, date, time, label, max_attendees)
    values (${event!.id}, ${day}, '09:30', '9:30 AM', 500) returning id`;
  return { eventId: event!.id, timeslotId: slot!.id, day };
}

const participant = (i: number, email: string): ParticipantSnapshot => ({
  participantId: randomUUID(),
  isPrimary: true,
  firstName: 'Mei',
  lastName: `Ling ${i}`,
  gender: 'female',
  identificationNumber: 'S1234567D',
  dateOfBirth: '1985-02-03',
  email,
  mobileNumber: '91234567',
  isAiaMember: false,
  aiaMemberId: null,
  packageId: 1,
  packageName: 'Basic Health',
  packagePriceCents: 12_800,
  aiaPriceCents: null,
  memberVerified: false,
});

export async function runCommand(sql: Sql, registrationId: number, command: RegistrationCommand) {
  await handleCommand(sql, registrationStream(registrationId), registrationDecider, command, {
    metadata: { actor: 'public' },
  });
}

export interface Booking {
  registrationId: number;
  referenceNumber: string;
  email: string;
}

/**
 * Books one participant. `free`: a 100% discount makes it `confirmed` at once; otherwise it is
 * `pending_payment` (S$139.52) until `pay`, held for payment `holdSeconds` when given.
 */
export async function book(
  sql: Sql,
  cat: Catalogue,
  email: string,
  options: {
    free?: boolean;
    partner?: { bookingCode: string; paidCents: number; isPaid: boolean };
    holdSeconds?: number;
    /** The booking's language (issue 26); absent as on bookings before it was recorded. */
    language?: 'en' | 'zh' | 'ms' | 'ta';
    /** Fields of the contact and of the participant to replace (as an old build's log may hold them). */
    contact?: Partial<ContactDetails>;
    participant?: Partial<ParticipantSnapshot>;
    /** Takes its seat on the slot (capacity 500) in the same append, as the api's booking does. */
    seats?: boolean;
  } = {},
): Promise<Booking> {
  const [row] = await sql<{ id: string }[]>`select nextval('registration_ids') as id`;
  const registrationId = Number(row!.id);
  const referenceNumber = `HST-${registrationId}-${randomUUID().slice(0, 6).toUpperCase()}`;
  const p = { ...participant(registrationId, email), ...options.participant };
  const command: RegistrationCommand = {
    type: 'BookRegistration',
    data: {
      registrationId: String(registrationId),
      referenceNumber,
      eventId: cat.eventId,
      eventName: 'Community Health Screening',
      packageId: 1,
      timeslotId: cat.timeslotId,
      contact: {
        firstName: p.firstName,
        lastName: p.lastName,
        email,
        mobileNumber: '91234567',
        gender: 'female',
        identificationNumber: p.identificationNumber,
        dateOfBirth: p.dateOfBirth,
        postalCode: '560123',
        unitNumber: null,
        address: '1 Orchard Road',
        region: null,
        medicalConditions: null,
        ...options.contact,
      },
      participants: [p],
      discount: options.free
        ? {
            discountId: 1,
            discountIdentifierId: 1,
            code: 'FREE',
            label: 'Staff screening',
            rule: { type: 'percentage', percent: 100 },
          }
        : null,
      partner: options.partner ?? null,
      bookedAt: new Date().toISOString(),
      ...(options.holdSeconds === undefined ? {} : { holdSeconds: options.holdSeconds }),
      ...(options.language ? { language: options.language } : {}),
    },
  };
  if (!options.seats) await runCommand(sql, registrationId, command);
  else {
    const reg = registrationStream(registrationId);
    const slot = timeslotStream(cat.timeslotId);
    const at = new Date().toISOString();
    await handle(
      sql,
      [slot.id, reg.id],
      (read) => ({
        append: [
          decideOn(slot, read[slot.id], timeslotDeciderFor(500), {
            type: 'ReserveSeats',
            registrationId: String(registrationId),
            seats: 1,
            at,
          }).append,
          decideOn(reg, read[reg.id], registrationDecider, command).append,
        ],
      }),
      { metadata: { actor: 'public' } },
    );
  }
  return { registrationId, referenceNumber, email };
}

export const pay = (sql: Sql, b: Booking, amountCents: number, transactionId = `TXN-${b.registrationId}`) =>
  runCommand(sql, b.registrationId, {
    type: 'RecordPayment',
    transactionId,
    amountCents,
    method: 'card',
    at: new Date().toISOString(),
  });

export const cancel = (sql: Sql, b: Booking) =>
  runCommand(sql, b.registrationId, { type: 'CancelRegistration', at: new Date().toISOString() });
