// Launch day through a real cache (issue 50): Debian's nginx with proxy_cache (deploy/nginx's policy)
// in front of the built api (seeded demo data, worker running), the way a CDN would sit. CACHE_VISITORS
// visitors each read the event list, an event and a slot lookup every CACHE_PERIOD_S seconds for
// CACHE_SECONDS (in the four languages, the three demo events and five postal codes, one per region),
// plus CACHE_BOOKINGS_PER_S bookings a second, all through nginx. Counts requests at the edge (what the
// visitors sent) and at the origin (the api's own /metrics, and nginx's log of what it sent upstream),
// edge p50/p99. Baseline, side by side in the same run: the same crowd straight at the api for
// CACHE_BASELINE_SECONDS. Then the hot slot through the cache: 5 x CACHE_HOT_CAPACITY bookings at once.
//   npm run cache -w bench      (npm run build first; nginx at /usr/sbin/nginx or NGINX_BIN)
// Knobs: CACHE_VISITORS (2000), CACHE_PERIOD_S (5), CACHE_SECONDS (60), CACHE_BASELINE_SECONDS (20),
// CACHE_CONNECTIONS (50), CACHE_BOOKINGS_PER_S (5), CACHE_HOT_CAPACITY (20), CACHE_WARMUP_SECONDS (5,
// straight at the api, not measured), PUBLIC_CACHE_S_MAXAGE and PUBLIC_CACHE_STALE_SECONDS (passed to
// the api), NGINX_BIN (/usr/sbin/nginx), DATABASE_URL (admin url)
import { fmt, machine, statusLine } from '../lib/load';
import { bookableEvent, bookingBody, projectionsCaughtUp, startBenchStack } from '../lib/stack';
import { hotSlotLine, hotSlotThroughCache } from './hot-slot';
import { type LaunchResult, launch } from './launch';
import { startNginx } from './nginx';
import { METRICS_TOKEN, type OriginDelta, originCounts, originDelta } from './origin';
import { visitorPaths } from './visitors';

const VISITORS = Number(process.env.CACHE_VISITORS ?? 2000);
const PERIOD_S = Number(process.env.CACHE_PERIOD_S ?? 5);
const SECONDS = Number(process.env.CACHE_SECONDS ?? 60);
const BASELINE_SECONDS = Number(process.env.CACHE_BASELINE_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.CACHE_CONNECTIONS ?? 50);
const BOOKINGS_PER_S = Number(process.env.CACHE_BOOKINGS_PER_S ?? 5);
const HOT_CAPACITY = Number(process.env.CACHE_HOT_CAPACITY ?? 20);
const WARMUP_SECONDS = Number(process.env.CACHE_WARMUP_SECONDS ?? 5);

console.log(
  `cache: ${VISITORS} visitors polling 3 reads every ${PERIOD_S} s (${fmt((VISITORS * 3) / PERIOD_S, 0)} reads/s offered) for ${SECONDS} s (baseline ${BASELINE_SECONDS} s), ${BOOKINGS_PER_S} bookings/s, ${CONNECTIONS} connections; ${machine()}`,
);
const stack = await startBenchStack({ env: { METRICS_TOKEN, TRUST_PROXY: 'true' } });
let failed = false;
try {
  const pathsOf = await visitorPaths(stack.baseUrl);
  // The booking stream's own event: enough seats that every booking of both runs is accepted.
  const seats = Math.ceil((BOOKINGS_PER_S * (SECONDS + BASELINE_SECONDS + 10)) / 4);
  const stream = await bookableEvent(stack, 4, seats);
  let booked = 0;
  const booking = () => {
    const n = booked++;
    const timeslotId = stream.slotIds[n % 4]!;
    return {
      path: '/api/registrations',
      body: bookingBody(n, { eventId: stream.eventId, packageId: stream.packageId, timeslotId }),
    };
  };
  const nginx = await startNginx(stack.baseUrl);
  try {
    // The freshness the api gives its public reads decides the target.
    const cacheControl = (await fetch(`${stack.baseUrl}/api/events?lang=en`)).headers.get('cache-control');
    const sMaxAge = Number(/s-maxage=(\d+)/.exec(cacheControl ?? '')?.[1] ?? Number.NaN);
    console.log(`the api's public reads say Cache-Control: ${cacheControl ?? '(none)'}`);

    const run = async (baseUrl: string, seconds: number) => {
      const before = await originCounts(stack.baseUrl);
      const logFrom = nginx.log().length;
      const result = await launch({
        baseUrl,
        visitors: VISITORS,
        periodMs: PERIOD_S * 1000,
        seconds,
        connections: CONNECTIONS,
        pathsOf,
        bookingsPerSecond: BOOKINGS_PER_S,
        booking,
      });
      const origin = originDelta(before, await originCounts(stack.baseUrl));
      await new Promise((r) => setTimeout(r, 1500)); // nginx flushes its log buffer every second
      const upstream = nginx
        .log()
        .slice(logFrom)
        .filter((l) => l.origin && l.method === 'GET');
      return { result, origin, upstream };
    };

    // A few seconds of the same crowd straight at the api first, so neither measured run pays for the
    // api's first requests (JIT, pools).
    await launch({
      baseUrl: stack.baseUrl,
      visitors: VISITORS,
      periodMs: PERIOD_S * 1000,
      seconds: WARMUP_SECONDS,
      connections: CONNECTIONS,
      pathsOf,
      bookingsPerSecond: 0,
      booking,
    });
    console.log('\nthrough nginx...');
    const cached = await run(nginx.url, SECONDS);
    const byStatus: Record<string, number> = {};
    for (const l of cached.upstream) byStatus[l.cache] = (byStatus[l.cache] ?? 0) + 1;
    await projectionsCaughtUp(stack.sql, 30_000);
    console.log('straight at the api...');
    const direct = await run(stack.baseUrl, BASELINE_SECONDS);

    const row = (name: string, r: LaunchResult, o: OriginDelta) => {
      const readRps = r.reads.perSecond;
      const originRps = o.reads / r.seconds;
      return `| ${name} | ${fmt(r.seconds, 0)} | ${fmt(readRps)} | ${fmt(r.reads.p50)} / ${fmt(r.reads.p99)} | ${fmt(originRps)} | ${fmt(originRps / readRps, 3)} | ${r.reads.late} | ${statusLine(r.reads.statuses)}${r.reads.errors ? ` errors:${r.reads.errors}` : ''} | ${statusLine(r.bookings.statuses)}${r.bookings.errors ? ` errors:${r.bookings.errors}` : ''}, api got ${o.bookings} | ${fmt(r.bookings.p50)} / ${fmt(r.bookings.p99)} |`;
    };
    console.log(
      `\n| run | s | edge reads/s | edge p50 / p99 ms | origin reads/s | origin/edge | late polls | read statuses | bookings | booking p50 / p99 ms |`,
    );
    console.log(`|---|---|---|---|---|---|---|---|---|---|`);
    console.log(row('through nginx', cached.result, cached.origin));
    console.log(row('straight at the api (baseline)', direct.result, direct.origin));

    const distinct = cached.result.reads.distinctPaths;
    const limit = (distinct / sMaxAge) * 1.1;
    const originRps = cached.origin.reads / cached.result.seconds;
    const met = originRps < limit;
    console.log(`\nedge answers by X-Cache-Status: ${statusLine(cached.result.reads.cache)}`);
    console.log(
      `origin reads: ${cached.origin.reads} by the api's /metrics (${cached.origin.notModified} of them 304), ${cached.upstream.length} sent upstream by nginx's log (${statusLine(byStatus)})`,
    );
    console.log(
      `edge reads/s through nginx over straight at the api: ${fmt(cached.result.reads.perSecond / direct.result.reads.perSecond, 2)}x; edge p99 ${fmt(cached.result.reads.p99 / direct.result.reads.p99, 2)}x the baseline's`,
    );
    console.log(
      `target: origin reads/s < (${distinct} distinct read URLs / s-maxage ${fmt(sMaxAge, 0)}) x 1.10 = ${fmt(limit)}: ${fmt(originRps)}, ${met ? 'met' : 'NOT met'}`,
    );
    const lostBookings = cached.result.bookings.requests - cached.origin.bookings;
    console.log(
      `bookings through nginx: ${cached.result.bookings.requests} sent, ${cached.origin.bookings} reached the api${lostBookings === 0 ? ' (none cached)' : ` (${lostBookings} did NOT)`}`,
    );
    await projectionsCaughtUp(stack.sql, 30_000);
    const hot = await hotSlotThroughCache(stack, nginx.url, HOT_CAPACITY, 1_000_000);
    console.log(`\n${hotSlotLine(hot)}`);
    console.log(`target: exactly ${hot.capacity} accepted, the rest 409; ${machine()}`);
    const fiveXX = (s: Record<string, number>) =>
      Object.entries(s).some(([k, v]) => Number(k) >= 500 && v > 0);
    if (!hot.ok || lostBookings !== 0 || fiveXX(cached.result.bookings.statuses)) failed = true;
  } finally {
    await nginx.stop();
  }
} finally {
  await stack.stop();
}
if (failed) {
  console.error('the hot slot was not exact through the cache, or a booking failed or never reached the api');
  process.exitCode = 1;
}
