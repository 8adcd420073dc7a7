// What the api itself answered, from its /metrics (http_requests_total by method, route template and
// status): the origin's side of the count, independent of nginx's log.

export const METRICS_TOKEN = 'bench-cache-metrics-token';

/** The public reads a shared cache may keep (issue 50), as the api's route templates. */
export const PUBLIC_READ_ROUTES = [
  '/api/events',
  '/api/events/:slug',
  '/api/timeslots/postal-code',
  '/api/auto-timeslots/postal-code',
  '/api/auto-timeslots/date',
  '/api/privacy-notice',
];

export type Counts = Map<string, number>;

/** `METHOD route status` -> requests answered so far. */
export async function originCounts(apiUrl: string): Promise<Counts> {
  const res = await fetch(`${apiUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  if (!res.ok) throw new Error(`/metrics: ${res.status}`);
  const counts: Counts = new Map();
  const line = /^http_requests_total\{method="([^"]+)",route="([^"]+)",status_code="(\d+)"\} (\d+)/;
  for (const l of (await res.text()).split('\n')) {
    const m = line.exec(l);
    if (m) counts.set(`${m[1]} ${m[2]} ${m[3]}`, Number(m[4]));
  }
  return counts;
}

export interface OriginDelta {
  /** GETs of the public read routes, every status (200 and 304 alike). */
  reads: number;
  /** Of those, 304s (a cache revalidating with If-None-Match, or a visitor straight at the api). */
  notModified: number;
  /** POST /api/registrations. */
  bookings: number;
  /** Everything the api answered (the bench's own /metrics reads excluded). */
  all: number;
}

export function originDelta(before: Counts, after: Counts): OriginDelta {
  const d: OriginDelta = { reads: 0, notModified: 0, bookings: 0, all: 0 };
  for (const [key, n] of after) {
    const [method, route, status] = key.split(' ') as [string, string, string];
    const delta = n - (before.get(key) ?? 0);
    if (route === '/metrics') continue;
    d.all += delta;
    if (method === 'GET' && PUBLIC_READ_ROUTES.includes(route)) {
      d.reads += delta;
      if (status === '304') d.notModified += delta;
    }
    if (method === 'POST' && route === '/api/registrations') d.bookings += delta;
  }
  return d;
}
