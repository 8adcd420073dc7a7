/** Test fixtures for the worker: an in-process SMTP server, a Redis proxy, bookings through the decider. */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Sql } from '@hs/db';
import {
  type ParticipantSnapshot,
  type RegistrationCommand,
  decideRegistration,
  isDomainError,
} from '@hs/domain';
import { handle } from '@hs/eventstore';
import { registrationStreamId } from '@hs/read-models';
import { SMTPServer } from 'smtp-server';
import { foldRegistration } from '../src/registration';

// ---------------------------------------------------------------------------------------------
// SMTP

export interface ReceivedMail {
  to: string[];
  subject: string;
  html: string;
  text: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

export interface TestSmtp {
  url: string;
  /** Messages the server accepted: it answered 250 to their DATA on a connection still open. */
  received: ReceivedMail[];
  /**
   * Every message whose DATA arrived in full, accepted or not: what a real server may already have
   * queued for delivery even when its 250 never reached the client.
   */
  arrived: ReceivedMail[];
  /** RCPT TO commands seen per address (refused ones included). */
  rcptAttempts: Map<string, number>;
  /** When (Date.now()) each RCPT TO per address arrived, refused ones included. */
  rcptTimes: Map<string, number[]>;
  /** Address -> how many more RCPT TO to answer with 451 (try again later) before accepting. */
  defer: Map<string, number>;
  /**
   * Called once a message's DATA has arrived, before the server replies: the reply waits for the
   * promise. `gone` resolves when the client's connection closes; a client gone meanwhile gets no
   * reply, and the message is not counted as received.
   */
  holdReply: ((mail: ReceivedMail, gone: Promise<void>) => Promise<void>) | null;
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1; recipients starting with `reject` are refused with 550, those in
 * `defer` with 451 as many times as asked.
 */
export async function startSmtp(): Promise<TestSmtp> {
  const connections = new Map<string, { closed: boolean; gone: Promise<void>; close: () => void }>();
  const connection = (id: string) => {
    let c = connections.get(id);
    if (!c) {
      let close!: () => void;
      const gone = new Promise<void>((r) => {
        close = r;
      });
      c = { closed: false, gone, close };
      connections.set(id, c);
    }
    return c;
  };
  const smtp: TestSmtp = {
    url: '',
    received: [],
    arrived: [],
    rcptAttempts: new Map(),
    rcptTimes: new Map(),
    defer: new Map(),
    holdReply: null,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const refuse = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const to = address.address;
      smtp.rcptAttempts.set(to, (smtp.rcptAttempts.get(to) ?? 0) + 1);
      smtp.rcptTimes.set(to, [...(smtp.rcptTimes.get(to) ?? []), Date.now()]);
      if (to.startsWith('reject')) return callback(refuse(550, 'Mailbox unavailable'));
      const deferrals = smtp.defer.get(to) ?? 0;
      if (deferrals > 0) {
        smtp.defer.set(to, deferrals - 1);
        return callback(refuse(451, 'Try again later'));
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        const mail = {
          ...parseMime(Buffer.concat(chunks).toString('latin1')),
          to: session.envelope.rcptTo.map((r) => r.address),
        };
        smtp.arrived.push(mail);
        if (smtp.holdReply) await smtp.holdReply(mail, connection(session.id).gone);
        if (!connection(session.id).closed) smtp.received.push(mail);
        callback();
      });
    },
    onClose(session) {
      const c = connection(session.id);
      c.closed = true;
      c.close();
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  smtp.url = `smtp://127.0.0.1:${port}?ignoreTLS=true`;
  return smtp;
}

function splitHead(part: string): { headers: Record<string, string>; body: string } {
  const at = part.search(/\r?\n\r?\n/);
  const head = at === -1 ? part : part.slice(0, at);
  const body = at === -1 ? '' : part.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
  }
  return { headers, body };
}

function decodeBody(body: string, encoding: string | undefined): Buffer {
  if (encoding?.toLowerCase() === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64');
  if (encoding?.toLowerCase() === 'quoted-printable') {
    const s = body.replace(/=\r?\n/g, '');
    const bytes: number[] = [];
    for (let i = 0; i < s.length; i++) {
      if (s[i] === '=' && /^[0-9A-F]{2}$/i.test(s.slice(i + 1, i + 3))) {
        bytes.push(Number.parseInt(s.slice(i + 1, i + 3), 16));
        i += 2;
      } else bytes.push(s.charCodeAt(i));
    }
    return Buffer.from(bytes);
  }
  return Buffer.from(body, 'latin1');
}

const decodeWords = (s: string) =>
  s.replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_m, enc: string, text: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeBody(text.replace(/_/g, ' '), 'quoted-printable').toString('utf8'),
  );

/** Just enough MIME for nodemailer's output: subject, text and html parts, attachments. */
export function parseMime(raw: string): Omit<ReceivedMail, 'to'> {
  const out: Omit<ReceivedMail, 'to'> = { subject: '', html: '', text: '', attachments: [] };
  const walk = (part: string, top: boolean) => {
    const { headers, body } = splitHead(part);
    if (top)
      out.subject = decodeWords(headers.subject ?? '')
        .replace(/\s+/g, ' ')
        .trim();
    const type = headers['content-type'] ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (type.startsWith('multipart/') && boundary) {
      for (const child of body.split(`--${boundary}`).slice(1)) {
        if (child.startsWith('--')) break;
        walk(child.replace(/^\r?\n/, ''), false);
      }
      return;
    }
    const content = decodeBody(body, headers['content-transfer-encoding']);
    const filename = /filename="?([^";]+)"?/i.exec(headers['content-disposition'] ?? '')?.[1];
    if (filename) out.attachments.push({ filename, contentType: type.split(';')[0]!, content });
    else if (type.startsWith('text/html')) out.html = content.toString('utf8');
    else if (type.startsWith('text/plain')) out.text = content.toString('utf8');
  };
  walk(raw, true);
  return out;
}

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
  const streamId = registrationStreamId(registrationId);
  await handle(
    sql,
    [streamId],
    (streams) => {
      const state = foldRegistration(streams[streamId]?.events ?? []);
      const decision = decideRegistration(state, command);
      if (isDomainError(decision)) throw new Error(decision.message);
      return {
        append: [
          {
            streamId,
            streamType: 'registration',
            events: decision.map((e) => ({ type: e.type, data: e.data })),
          },
        ],
      };
    },
    { metadata: { actor: 'public' } },
  );
}

export interface Booking {
  registrationId: number;
  referenceNumber: string;
  email: string;
}

/**
 * Books one participant. `free`: a 100% discount makes it `confirmed` at once; otherwise it is
 * `pending_payment` (S$139.52) until `pay`.
 */
export async function book(
  sql: Sql,
  cat: Catalogue,
  email: string,
  options: { free?: boolean; partner?: { bookingCode: string; paidCents: number; isPaid: boolean } } = {},
): Promise<Booking> {
  const [row] = await sql<{ id: string }[]>`select nextval('registration_ids') as id`;
  const registrationId = Number(row!.id);
  const referenceNumber = `HST-${registrationId}-${randomUUID().slice(0, 6).toUpperCase()}`;
  const p = participant(registrationId, email);
  await runCommand(sql, registrationId, {
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
    },
  });
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
