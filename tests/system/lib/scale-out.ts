/**
 * Helpers of the scale-out tests (scale-out, netns-worker): paid bookings over HTTP through any api,
 * checks that every projection applied the log once and caught up, TCP relays, and a network
 * namespace joined to this host by a veth pair (a second "host" for a worker).
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { type Socket, connect, createServer } from 'node:net';
import type { Sql } from '@hs/db';
import { countEvents, findEvents, headPosition, listCheckpoints, listLeases } from '@hs/eventstore';
import { type ProductStack, randomName } from '@hs/testing';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` until true; throws after `timeoutMs` with what `describe()` says was still missing. */
export async function waitUntil(
  timeoutMs: number,
  check: () => boolean | Promise<boolean>,
  describe: () => string | Promise<string>,
  intervalMs = 250,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`gave up after ${timeoutMs} ms: ${await describe()}`);
    await sleep(intervalMs);
  }
}

export interface Answer {
  /** 0: no HTTP answer at all (connection refused or reset). */
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: JSON answers of several routes
  json: any;
  error?: string;
}

/** A JSON request that never throws: a network failure is status 0. */
export async function call(
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  try {
    const res = await fetch(url, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      json = text;
    }
    return { status: res.status, json };
  } catch (err) {
    return { status: 0, json: null, error: String((err as Error).cause ?? (err as Error).message) };
  }
}

/** Logs in as the demo admin through `baseUrl` and returns a caller of the admin api. */
export async function adminClient(stack: ProductStack, baseUrl = stack.baseUrl) {
  const login = await call('POST', `${baseUrl}/api/admin/login`, stack.admin);
  if (login.status !== 200) throw new Error(`admin login: ${login.status} ${JSON.stringify(login.json)}`);
  const auth = { authorization: `Bearer ${login.json.data.token}` };
  return async <T = { id: number }>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await call(method, `${baseUrl}${path}`, body, auth);
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.json)}`);
    return res.json.data as T;
  };
}

export interface Screening {
  eventId: number;
  slug: string;
  packageId: number;
  /** One per capacity asked for, in order. */
  slotIds: number[];
}

/** An event of the test's own with one paid package (S$100) and a timeslot per capacity, 10+ days ahead. */
export async function screening(stack: ProductStack, capacities: number[]): Promise<Screening> {
  const admin = await adminClient(stack);
  const tag = randomName('s').slice(2);
  const pkg = await admin('POST', '/api/admin/packages', { name: `Scale package ${tag}`, price: '100' });
  const event = await admin('POST', '/api/admin/events', {
    name: `Scale screening ${tag}`,
    slug: `scale-${tag}`,
    location: 'Toa Payoh',
    packageIds: [pkg.id],
  });
  const slotIds: number[] = [];
  for (const [i, capacity] of capacities.entries()) {
    const date = new Date(Date.now() + (10 + i) * 86_400_000).toISOString().slice(0, 10);
    const slot = await admin('POST', `/api/admin/events/${event.id}/timeslots`, {
      date,
      time: '09:00',
      maxAttendees: capacity,
    });
    slotIds.push(slot.id);
  }
  return { eventId: event.id, slug: `scale-${tag}`, packageId: pkg.id, slotIds };
}

/** A valid booking body for person `n` (the shape of services/api/test/booking.int.spec.ts). */
export function bookingBody(
  n: number,
  ids: { eventId: number; packageId: number; timeslotId: number },
  email = `scale${n}@example.com`,
) {
  return {
    ...ids,
    firstName: `Scale${n}`,
    lastName: 'Tan',
    email,
    mobileNumber: '91234567',
    gender: 'female',
    identificationNumber: `S${String(n % 10_000_000).padStart(7, '0')}X`,
    dateOfBirth: '1990-01-01',
    postalCode: '530123',
    address: '1 Ang Mo Kio Ave',
  };
}

export interface PaidBooking {
  n: number;
  email: string;
  registrationId: number;
  referenceNumber: string;
}

/**
 * Books person `n` through `bookVia` and pays the balance with the test card through `payVia`: the
 * order becomes paid, so the worker owes one confirmation and one receipt.
 */
export async function bookAndPay(
  bookVia: string,
  payVia: string,
  n: number,
  timeslotId: number,
  s: Screening,
): Promise<PaidBooking> {
  const body = bookingBody(n, { eventId: s.eventId, packageId: s.packageId, timeslotId });
  const booked = await call('POST', `${bookVia}/api/registrations`, body);
  if (booked.status !== 201) throw new Error(`booking ${n}: ${booked.status} ${JSON.stringify(booked.json)}`);
  const { id, referenceNumber, totalAmount } = booked.json.data;
  const paid = await call('POST', `${payVia}/api/payments/process`, {
    registrationId: id,
    nonce: 'fake-valid-nonce',
    amount: totalAmount,
  });
  if (paid.status !== 200) throw new Error(`payment ${n}: ${paid.status} ${JSON.stringify(paid.json)}`);
  return { n, email: body.email, registrationId: id, referenceNumber };
}

/** Runs `fn` over `items` with at most `limit` in flight. */
export async function inParallel<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  });
  await Promise.all(lanes);
  return out;
}

export interface MailCounts {
  confirmations: number;
  receipts: number;
}

/** Confirmation and receipt emails per recipient among `mails` (the SMTP server's received or arrived). */
export function mailCounts(mails: { to: string[]; subject: string }[], email: string): MailCounts {
  const mine = mails.filter((m) => m.to.includes(email));
  return {
    confirmations: mine.filter((m) => /confirmed/i.test(m.subject)).length,
    receipts: mine.filter((m) => /receipt/i.test(m.subject)).length,
  };
}

/** Count of each email-sent fact recorded per registration. */
export async function sentFacts(sql: Sql, registrationIds: number[]) {
  const facts = await findEvents(sql, {
    streamId: registrationIds.map((id) => `registration-${id}`),
    type: ['ConfirmationEmailSent', 'ReceiptEmailSent'],
  });
  const out = new Map<number, MailCounts>(
    registrationIds.map((id) => [id, { confirmations: 0, receipts: 0 }]),
  );
  for (const e of facts) {
    const c = out.get(Number(e.streamId.slice('registration-'.length)))!;
    if (e.type === 'ConfirmationEmailSent') c.confirmations++;
    else c.receipts++;
  }
  return out;
}

/** Seats taken per timeslot in the public event page as `baseUrl` answers it (from its read cache or not). */
export async function publicSeats(baseUrl: string, slug: string): Promise<Map<number, number>> {
  const res = await call('GET', `${baseUrl}/api/events/${slug}`);
  if (res.status !== 200)
    throw new Error(`GET /api/events/${slug}: ${res.status} ${JSON.stringify(res.json)}`);
  const slots = res.json.data.timeslots as { id: number; currentAttendees: number }[];
  return new Map(slots.map((t) => [t.id, t.currentAttendees]));
}

/** The projections and the reactor the worker runs, each under a lease of its name. */
export const SUBSCRIPTIONS = [
  'notifications',
  'orders',
  'reports',
  'slot_availability',
  'waitlist_entries',
] as const;

/**
 * What is wrong with the read models against the log; empty when every projection applied every event
 * once and every subscription (projections and the reactor) has caught up with the head of the log.
 */
export async function projectionProblems(sql: Sql): Promise<string[]> {
  // One snapshot for the log and the read models, as one statement would see them.
  return sql.begin('isolation level repeatable read read only', async (tx) => {
    const problems: string[] = [];
    const head = await headPosition(tx);
    const checkpoints = await listCheckpoints(tx, SUBSCRIPTIONS);
    for (const name of SUBSCRIPTIONS) {
      if (!checkpoints.some((c) => c.name === name)) problems.push(`no checkpoint for ${name}`);
    }
    for (const { name, position: at } of checkpoints) {
      if (!head || at.transactionId !== head.transactionId || at.globalPosition !== head.globalPosition)
        problems.push(
          `${name} at ${at.transactionId}/${at.globalPosition}, head ${head?.transactionId}/${head?.globalPosition}`,
        );
    }
    const booked = await countEvents(tx, { type: 'RegistrationBooked' });
    const [orders] = await tx<{ rows: number }[]>`select count(*)::int as rows from orders`;
    if (booked !== orders!.rows) problems.push(`orders: ${orders!.rows} rows, ${booked} booked`);

    // reports: each booking counted exactly once on its day (an event applied twice would count twice,
    // one skipped not at all); the per-order rows, one per booking.
    const [counted] = await tx<{ orders: number; registrations: number }[]>`
      select (select coalesce(sum(booked_orders), 0)::int from report_daily) as orders,
             (select count(*)::int from report_registrations) as registrations`;
    if (counted!.orders !== booked || counted!.registrations !== booked)
      problems.push(`reports: ${JSON.stringify(counted)}, ${booked} booked`);

    // slot_availability: the seats of the last reservation or release of each slot stream.
    const last = new Map<number, { version: number; logged: number | null }>();
    const seats = await findEvents<{ bookedAfter?: number }>(tx, {
      streamIdPrefix: 'timeslot-',
      type: ['SeatsReserved', 'SeatsReleased'],
    });
    for (const e of seats) {
      const id = Number(e.streamId.slice('timeslot-'.length));
      if ((last.get(id)?.version ?? 0) < e.version)
        last.set(id, { version: e.version, logged: e.data.bookedAfter ?? null });
    }
    const rows = await tx<{ timeslot_id: number; current_attendees: number }[]>`
      select timeslot_id, current_attendees from slot_availability where timeslot_id = any(${[...last.keys()]}::bigint[])`;
    const attendees = new Map(rows.map((r) => [r.timeslot_id, r.current_attendees]));
    for (const [id, { logged }] of last) {
      const shown = attendees.get(id) ?? null;
      if (shown !== logged) problems.push(`slot ${id}: ${shown} projected, ${logged} in the log`);
    }
    return problems;
  });
}

/** Holder of each projection and reactor lease. */
export async function leaseHolders(sql: Sql): Promise<Record<string, string>> {
  const active = (await listLeases(sql)).filter((l) => l.active);
  return Object.fromEntries(active.map((l) => [l.name, l.holder]));
}

export interface Relay {
  host: string;
  port: number;
  /** Every accepted connection: who connected, and the local port of the relay's own upstream connection. */
  accepted: { remote: string; upstreamPort: number | null }[];
  close(): Promise<void>;
}

/** A TCP relay listening on `host` (any free port) and forwarding each connection to `target`. */
export async function startRelay(host: string, target: { host: string; port: number }): Promise<Relay> {
  const sockets = new Set<Socket>();
  const accepted: Relay['accepted'] = [];
  const server = createServer((inbound) => {
    const entry = { remote: inbound.remoteAddress ?? '', upstreamPort: null as number | null };
    accepted.push(entry);
    const upstream = connect({ host: target.host, port: target.port, noDelay: true });
    inbound.setNoDelay(true);
    sockets.add(inbound);
    sockets.add(upstream);
    upstream.once('connect', () => {
      entry.upstreamPort = upstream.localPort ?? null;
    });
    const end = () => {
      inbound.destroy();
      upstream.destroy();
      sockets.delete(inbound);
      sockets.delete(upstream);
    };
    for (const s of [inbound, upstream]) {
      s.once('error', end);
      s.once('close', end);
    }
    inbound.pipe(upstream);
    upstream.pipe(inbound);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const { port } = server.address() as { port: number };
  return {
    host,
    port,
    accepted,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** `url` with its host and port replaced (postgres://, redis://, smtp://). */
export function via(url: string, host: string, port: number): string {
  const u = new URL(url);
  u.hostname = host;
  u.port = String(port);
  return u.toString();
}

/** Host and port of a URL, with the scheme's default port. */
export function hostPort(url: string, defaultPort: number): { host: string; port: number } {
  const u = new URL(url);
  return { host: u.hostname, port: u.port ? Number(u.port) : defaultPort };
}

/** Why this machine cannot run the network-namespace test, or null when it can. */
export function netnsUnavailable(): string | null {
  if (process.platform !== 'linux') return 'network namespaces need Linux';
  if (process.getuid?.() !== 0) return 'creating a network namespace needs root';
  const r = spawnSync('ip', ['netns', 'list'], { encoding: 'utf8' });
  if (r.error || r.status !== 0) return `ip netns is unavailable: ${r.error?.message ?? r.stderr}`;
  // Root without CAP_SYS_ADMIN / CAP_NET_ADMIN (a default container) lists but cannot add.
  const probe = `hsprobe${randomBytes(3).toString('hex')}`;
  const add = spawnSync('ip', ['netns', 'add', probe], { encoding: 'utf8' });
  if (add.status !== 0) return `cannot create a network namespace: ${add.stderr.trim()}`;
  spawnSync('ip', ['netns', 'del', probe]);
  return null;
}

export interface Netns {
  name: string;
  hostAddr: string;
  nsAddr: string;
  hostIf: string;
  /** Takes the host end of the link down: the namespace is cut off. */
  linkDown(): void;
  /** Brings it back up. */
  linkUp(): void;
  /** Removes the veth pair and the namespace; safe to call twice and after a partial setup. */
  remove(): void;
}

function ip(...args: string[]): string {
  const r = spawnSync('ip', args, { encoding: 'utf8' });
  if (r.error || r.status !== 0) throw new Error(`ip ${args.join(' ')}: ${r.error?.message ?? r.stderr}`);
  return r.stdout;
}

/**
 * A network namespace of its own (hs<random>) joined to this host by a veth pair on a random
 * 10.231.x.y/30: the host end gets .1 of the /30, the namespace end .2; loopback is up inside.
 */
export function createNetns(): Netns {
  const id = randomBytes(3).toString('hex');
  const name = `hs${id}`;
  const hostIf = `hs${id}h`;
  const nsIf = `hs${id}n`;
  const used = ip('-4', '-o', 'addr', 'show');
  let base = '';
  for (let i = 0; i < 50 && !base; i++) {
    const candidate = `10.231.${Math.floor(Math.random() * 256)}.${4 * Math.floor(Math.random() * 64)}`;
    const [a, b, c, d] = candidate.split('.').map(Number) as [number, number, number, number];
    const probe = `${a}.${b}.${c}.${d + 1}/`;
    if (!used.includes(probe) && !used.includes(`${a}.${b}.${c}.${d + 2}/`)) base = candidate;
  }
  const [a, b, c, d] = base.split('.').map(Number) as [number, number, number, number];
  const hostAddr = `${a}.${b}.${c}.${d + 1}`;
  const nsAddr = `${a}.${b}.${c}.${d + 2}`;
  const netns: Netns = {
    name,
    hostAddr,
    nsAddr,
    hostIf,
    linkDown: () => void ip('link', 'set', hostIf, 'down'),
    linkUp: () => void ip('link', 'set', hostIf, 'up'),
    remove: () => {
      // Anything still running inside is this test's own (the namespace name is random).
      const pids = spawnSync('ip', ['netns', 'pids', name], { encoding: 'utf8' });
      for (const pid of (pids.stdout ?? '').split(/\s+/).filter(Boolean)) {
        try {
          process.kill(Number(pid), 'SIGKILL');
        } catch {}
      }
      spawnSync('ip', ['link', 'del', hostIf]);
      spawnSync('ip', ['netns', 'del', name]);
    },
  };
  try {
    ip('netns', 'add', name);
    ip('link', 'add', hostIf, 'type', 'veth', 'peer', 'name', nsIf);
    ip('link', 'set', nsIf, 'netns', name);
    ip('addr', 'add', `${hostAddr}/30`, 'dev', hostIf);
    ip('link', 'set', hostIf, 'up');
    ip('-n', name, 'addr', 'add', `${nsAddr}/30`, 'dev', nsIf);
    ip('-n', name, 'link', 'set', nsIf, 'up');
    ip('-n', name, 'link', 'set', 'lo', 'up');
  } catch (err) {
    netns.remove();
    throw err;
  }
  return netns;
}

/** Whether a TCP connection from inside `ns` to host:port succeeds ('connected') or how it fails. */
export function tryConnectFrom(ns: string, host: string, port: number): string {
  const script = `const s=require('net').connect(${port},${JSON.stringify(host)});s.setTimeout(3000,()=>{console.log('timeout');process.exit(0)});s.on('connect',()=>{console.log('connected');process.exit(0)});s.on('error',e=>{console.log(e.code||e.message);process.exit(0)})`;
  const r = spawnSync('ip', ['netns', 'exec', ns, process.execPath, '-e', script], {
    encoding: 'utf8',
    timeout: 15_000,
  });
  return (r.stdout || r.stderr || String(r.error)).trim();
}
