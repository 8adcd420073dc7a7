// The hot slot through the cache: capacity N, 5 x N bookings sent at once through nginx. Booking is
// never cached, so exactly N are accepted (201) and the rest refused (409), and the event log holds N
// seats. Then the refusal a cached page cannot hide: the event's page as the cache holds it (it may
// still offer the slot, for up to s-maxage + stale-while-revalidate seconds) beside one more booking on
// that slot, which the api refuses with the slot as it is now.
import { readStream } from '@hs/eventstore';
import { load, statusLine } from '../lib/load';
import { type BenchStack, bookableEvent, bookingBody } from '../lib/stack';
import { getJson, keepAliveAgent, send } from './client';

interface Slot {
  id: number;
  currentAttendees: number;
  maxAttendees: number;
}

export interface HotSlotResult {
  capacity: number;
  requests: number;
  statuses: Record<string, number>;
  seatsTaken: number;
  ok: boolean;
  /** What the cache served for the slot just after the burst, and its X-Cache-Status. */
  cachedView: string;
  /** The extra booking's status and the slot as its refusal describes it. */
  refusal: string;
}

export async function hotSlotThroughCache(
  stack: BenchStack,
  edgeUrl: string,
  capacity: number,
  firstBooking: number,
): Promise<HotSlotResult> {
  const ids = await bookableEvent(stack, 1, capacity);
  const timeslotId = ids.slotIds[0]!;
  const agent = keepAliveAgent(4);
  // From the api itself: the cache's event list may be seconds older than the event just created.
  const detail = await getJson<{ data: { id: number; slug: string }[] }>(
    agent,
    `${stack.baseUrl}/api/events`,
  );
  const slug = detail.data.find((e) => e.id === ids.eventId)?.slug;
  if (!slug) throw new Error(`the hot-slot event ${ids.eventId} is not in the event list`);
  const page = `${edgeUrl}/api/events/${slug}`;
  const slotOf = (body: string) =>
    ((JSON.parse(body) as { data: { timeslots: Slot[] } }).data.timeslots ?? []).find(
      (s) => s.id === timeslotId,
    );
  // The page is in the cache before the burst, offering every seat.
  await send(agent, page);

  let n = firstBooking;
  const requests = capacity * 5;
  const burst = await load({
    url: edgeUrl,
    method: 'POST',
    paths: ['/api/registrations'],
    body: () => bookingBody(n++, { eventId: ids.eventId, packageId: ids.packageId, timeslotId }),
    connections: requests,
    amount: requests,
    timeoutSeconds: 30,
  });
  const slotLog = await readStream<{ seats: number }>(stack.sql, `timeslot-${timeslotId}`);
  const seatsOf = (type: string) =>
    slotLog.filter((e) => e.type === type).reduce((sum, e) => sum + e.data.seats, 0);
  const seatsTaken = seatsOf('SeatsReserved') - seatsOf('SeatsReleased');

  const cached = await send(agent, page, { keepBody: true });
  const seen = cached.status === 200 ? slotOf(cached.body) : undefined;
  const extra = await send(agent, `${edgeUrl}/api/registrations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(bookingBody(n++, { eventId: ids.eventId, packageId: ids.packageId, timeslotId })),
    keepBody: true,
  });
  const refused = JSON.parse(extra.body) as { message?: string; timeslots?: Slot[] };
  const now = refused.timeslots?.find((s) => s.id === timeslotId);
  agent.destroy();

  return {
    capacity,
    requests,
    statuses: burst.statuses,
    seatsTaken,
    ok:
      seatsTaken === capacity &&
      burst.statuses['201'] === capacity &&
      burst.statuses['409'] === requests - capacity &&
      extra.status === 409,
    cachedView: seen
      ? `${seen.currentAttendees}/${seen.maxAttendees} seats taken (X-Cache-Status ${cached.cache || 'none'})`
      : `status ${cached.status}, slot not listed (X-Cache-Status ${cached.cache || 'none'})`,
    refusal: `${extra.status} "${refused.message ?? ''}"${now ? `, listing the slot as it is now: ${now.currentAttendees}/${now.maxAttendees} seats taken` : ' (the answer lists no timeslots)'}`,
  };
}

export const hotSlotLine = (r: HotSlotResult) =>
  `hot slot through the cache: ${r.requests} bookings at once on ${r.capacity} seats: ${statusLine(r.statuses)}; seats taken (event log) ${r.seatsTaken}: ${r.ok ? 'exact' : 'NOT EXACT'}\n` +
  `  right after: the cached page shows the slot ${r.cachedView}; one more booking on it: ${r.refusal}`;
