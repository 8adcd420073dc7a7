// A launch, replayed: `visitors` people, each reading their pages (the event list, an event, a slot
// lookup) one after the other every `periodMs`, their starts spread evenly over the first period, plus
// a stream of bookings at a steady rate. Each visitor keeps the ETag of every answer it got and asks
// with If-None-Match, as a browser does with `max-age=0`. A visitor still busy when its next poll is
// due skips that poll (counted as late), as a polling page would not pile requests up.
import { percentile } from '../lib/load';
import { type Answer, keepAliveAgent, send } from './client';

export interface LaunchOptions {
  baseUrl: string;
  visitors: number;
  periodMs: number;
  seconds: number;
  /** Keep-alive connections shared by all visitors. */
  connections: number;
  /** The paths visitor `i` reads each poll, in order. */
  pathsOf: (i: number) => string[];
  bookingsPerSecond: number;
  /** The n-th booking's path and JSON body. */
  booking: (n: number) => { path: string; body: unknown };
}

export interface Tally {
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
  statuses: Record<string, number>;
  /** Answers by X-Cache-Status ('none' when nginx sent none, or straight from the api). */
  cache: Record<string, number>;
  errors: number;
}

export interface LaunchResult {
  seconds: number;
  reads: Tally & { late: number; distinctPaths: number };
  bookings: Tally;
}

class Recorder {
  private readonly ms: number[] = [];
  readonly statuses: Record<string, number> = {};
  readonly cache: Record<string, number> = {};
  errors = 0;
  firstError = '';

  add(a: Answer) {
    this.ms.push(a.ms);
    this.statuses[a.status] = (this.statuses[a.status] ?? 0) + 1;
    const c = a.cache || 'none';
    this.cache[c] = (this.cache[c] ?? 0) + 1;
  }

  fail(err: unknown) {
    this.errors++;
    this.firstError ||= String(err);
  }

  tally(seconds: number): Tally {
    const sorted = this.ms.slice().sort((a, b) => a - b);
    return {
      requests: sorted.length,
      perSecond: sorted.length / seconds,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      max: sorted.at(-1) ?? Number.NaN,
      statuses: this.statuses,
      cache: this.cache,
      errors: this.errors,
    };
  }
}

const sleepUntil = (t: number) => new Promise((r) => setTimeout(r, Math.max(0, t - performance.now())));

export async function launch(o: LaunchOptions): Promise<LaunchResult> {
  const readAgent = keepAliveAgent(o.connections);
  const bookAgent = keepAliveAgent(10);
  const reads = new Recorder();
  const bookings = new Recorder();
  const distinct = new Set<string>();
  let late = 0;
  const start = performance.now();
  const end = start + o.seconds * 1000;

  const visitor = async (i: number) => {
    const paths = o.pathsOf(i);
    for (const p of paths) distinct.add(p);
    const etags = new Map<string, string>();
    let next = start + (i / o.visitors) * o.periodMs;
    for (;;) {
      // A poll due after the end is never sent, and not waited for.
      if (next >= end) return;
      await sleepUntil(next);
      for (const path of paths) {
        const etag = etags.get(path);
        try {
          const a = await send(readAgent, `${o.baseUrl}${path}`, {
            headers: etag ? { 'if-none-match': etag } : {},
          });
          reads.add(a);
          if (a.etag) etags.set(path, a.etag);
        } catch (err) {
          reads.fail(err);
        }
      }
      next += o.periodMs;
      while (next < performance.now()) {
        next += o.periodMs;
        late++;
      }
    }
  };

  const pending: Promise<void>[] = [];
  let n = 0;
  const timer =
    o.bookingsPerSecond > 0
      ? setInterval(() => {
          if (performance.now() >= end) return;
          const { path, body } = o.booking(n++);
          pending.push(
            send(bookAgent, `${o.baseUrl}${path}`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(body),
              keepBody: true,
            }).then(
              (a) => bookings.add(a),
              (err) => bookings.fail(err),
            ),
          );
        }, 1000 / o.bookingsPerSecond)
      : undefined;

  await Promise.all(Array.from({ length: o.visitors }, (_, i) => visitor(i)));
  clearInterval(timer);
  await Promise.all(pending);
  const seconds = (performance.now() - start) / 1000;
  readAgent.destroy();
  bookAgent.destroy();
  if (reads.firstError) console.log(`  first read error: ${reads.firstError}`);
  if (bookings.firstError) console.log(`  first booking error: ${bookings.firstError}`);
  return {
    seconds,
    reads: { ...reads.tally(seconds), late, distinctPaths: distinct.size },
    bookings: bookings.tally(seconds),
  };
}
