// Who reads what: from the seeded demo data as the api lists it, each visitor gets a language, one of
// the demo events and a postal code (one per region), and reads the event list, that event's page and
// its slot lookup, the way the public site does (the lookup a manual event uses, or an auto event's).
import { getJson, keepAliveAgent } from './client';

const LANGUAGES = ['en', 'zh', 'ms', 'ta'];
// One postal code in each region the demo's auto-timeslot events serve (north, west, central, south,
// north-east).
const POSTAL_CODES = ['530123', '608549', '319194', '018981', '760123'];

interface Listed {
  id: number;
  slug: string;
  timeslotMode: 'manual' | 'auto';
}

/** Visitor i's paths; the same i always reads the same three. */
export async function visitorPaths(apiUrl: string): Promise<(i: number) => string[]> {
  const agent = keepAliveAgent(1);
  const { data } = await getJson<{ data: Listed[] }>(agent, `${apiUrl}/api/events`);
  agent.destroy();
  const events = data.filter((e) => !e.slug.startsWith('bench-'));
  if (!events.some((e) => e.timeslotMode === 'auto')) throw new Error('the demo data has no auto event');
  return (i) => {
    const event = events[i % events.length]!;
    const lang = LANGUAGES[Math.floor(i / events.length) % LANGUAGES.length]!;
    const postalCode = POSTAL_CODES[Math.floor(i / (events.length * LANGUAGES.length)) % POSTAL_CODES.length];
    const lookup =
      event.timeslotMode === 'auto' ? '/api/auto-timeslots/postal-code' : '/api/timeslots/postal-code';
    return [
      `/api/events?lang=${lang}`,
      `/api/events/${event.slug}?lang=${lang}`,
      `${lookup}?postalCode=${postalCode}&eventId=${event.id}`,
    ];
  };
}
