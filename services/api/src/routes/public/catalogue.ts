import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AutoTimeslotsResponseSchema,
  Envelope,
  ErrorResponseSchema,
  EventDetailSchema,
  EventSummarySchema,
  PostalTimeslotsResponseSchema,
  TimeslotGroupsSchema,
} from '@hs/contracts';
import {
  type CatalogueTranslations,
  LANGUAGES,
  type Language,
  inLanguage,
  languageOrDefault,
  type EventVenues,
  NO_VENUES,
  POSTAL_CODE_MESSAGE,
  POSTAL_CODE_PATTERN,
  TIMESLOT_SEARCH_MESSAGES,
  autoEventOccupancy,
  appointmentVenue,
  availabilityLabel,
  locationText,
  singaporeToday,
} from '@hs/domain';
import { formatPosition, loadCheckpoint, parsePosition, waitForPosition } from '@hs/eventstore';
import { readEventVenues, readVenuesOf, slotAvailabilityProjection } from '@hs/read-models';
import { Type } from '@sinclair/typebox';
import { badRequest, notFound } from '../../errors';
import {
  type EventRow,
  type SlotView,
  autoSlotsForDate,
  eventConfigColumns,
  findEvent,
  groupByDate,
  holidayDays,
  manualSlots,
  publicSlot,
  slotsForPostalCode,
} from '../../slots';
import etag from '@fastify/etag';

const Position = Type.Optional(
  Type.String({
    maxLength: 60,
    description: 'A position token from a command; the answer waits (up to 2 s) until it is reflected',
  }),
);
const PostalQuery = Type.Object({
  position: Position,
  postalCode: Type.Optional(Type.String({ maxLength: 20 })),
  eventId: Type.Optional(Type.Integer({ minimum: 1 })),
});
const DateQuery = Type.Object({
  position: Position,
  date: Type.Optional(Type.String({ maxLength: 20 })),
  eventId: Type.Optional(Type.Integer({ minimum: 1 })),
});

function requirePostalCode(postalCode: string | undefined): string {
  const code = (postalCode ?? '').trim();
  if (!code)
    throw badRequest(TIMESLOT_SEARCH_MESSAGES.postal, [
      { field: 'postalCode', message: TIMESLOT_SEARCH_MESSAGES.postal },
    ]);
  if (!POSTAL_CODE_PATTERN.test(code))
    throw badRequest(POSTAL_CODE_MESSAGE, [{ field: 'postalCode', message: POSTAL_CODE_MESSAGE }]);
  return code;
}
function requireEventId(eventId: number | undefined): number {
  if (!eventId)
    throw badRequest('Please select an event', [{ field: 'eventId', message: 'Please select an event' }]);
  return eventId;
}
function requireDate(date: string | undefined): string {
  const d = (date ?? '').trim();
  const parsed = new Date(`${d}T00:00:00Z`);
  if (
    !/^\d{4}-\d{2}-\d{2}$/.test(d) ||
    Number.isNaN(parsed.getTime()) ||
    parsed.toISOString().slice(0, 10) !== d
  ) {
    throw badRequest('Please select a date', [{ field: 'date', message: 'Please select a date' }]);
  }
  return d;
}

/** The event's configuration the availability label needs (an auto event's horizon). */
type LabelEvent = Pick<
  EventRow,
  'id' | 'configType' | 'numSlots' | 'bufferHours' | 'slotsPerTimeslot' | 'maxAttendees'
>;

/**
 * A manual event is labelled by its own (region-less) upcoming slots, the only ones it books; an auto
 * event by every region's slots over its horizon, stored or not yet generated (spec section 4).
 */
function labelFor(event: LabelEvent, stored: SlotView[], holidays: string[]) {
  if (event.configType !== 'auto') return availabilityLabel(stored.filter((slot) => slot.region === null));
  return availabilityLabel(
    autoEventOccupancy({ eventId: event.id, now: new Date(), holidays, config: event }, stored),
  );
}

/**
 * An event answer's `location`, `venue` and `regionVenues` (issue 46): the spec's location text, or
 * the venue's one line when the event has no text, so `location` keeps saying where to go.
 */
function whereToGo(location: string | null, venues: EventVenues = NO_VENUES) {
  return {
    location: locationText(location, venues.venue),
    venue: venues.venue,
    regionVenues: venues.regionVenues,
  };
}

/** Issue 46: the language of staff's translated names and descriptions (English when left out). */
const LangQuery = Type.Optional(
  Type.Union(
    LANGUAGES.map((l) => Type.Literal(l)),
    {
      description:
        'Language of event and package names and descriptions (en, zh, ms, ta); English by default',
    },
  ),
);

/** What a visitor can book: events, their packages and slots, read from the catalogue and the slot read model. */
const catalogue: FastifyPluginAsyncTypebox = async (app) => {
  const { sql, readCache } = app;
  // Issue 50: a strong ETag on these reads (this plugin's routes only), and 304 to a matching If-None-Match.
  await app.register(etag);
  /** Keys include the Singapore date: "upcoming" and auto slots move at midnight there. */
  const cached = <T>(key: string, compute: () => Promise<T>) =>
    readCache.get(`${singaporeToday()}|${key}`, compute);

  /** Read-your-writes: wait briefly for the slot read model to reflect a command's position; report what it reflects. */
  async function reflect(position: string | undefined): Promise<string> {
    if (position) {
      let parsed: ReturnType<typeof parsePosition>;
      try {
        parsed = parsePosition(position);
      } catch {
        throw badRequest('Invalid position');
      }
      await waitForPosition(sql, slotAvailabilityProjection.name, parsed, 2_000);
    }
    return formatPosition(await loadCheckpoint(sql, slotAvailabilityProjection.name));
  }

  async function upcomingMaterialised(eventIds: number[]) {
    if (eventIds.length === 0) return new Map<number, SlotView[]>();
    const rows = await sql<(SlotView & { eventId: number })[]>`
      select t.id, t.event_id as "eventId", t.region, to_char(t.date, 'YYYY-MM-DD') as date, to_char(t.time, 'HH24:MI') as time,
             t.label, '' as "dateLabel", coalesce(sa.max_attendees, t.max_attendees) as "maxAttendees",
             coalesce(sa.current_attendees, 0) as "currentAttendees", coalesce(sa.is_available, true) as "isAvailable"
      from timeslots t left join slot_availability sa on sa.timeslot_id = t.id
      where t.event_id = any(${eventIds}::bigint[]) and t.date >= ${singaporeToday()}::date
      order by t.date, t.time`;
    const byEvent = new Map<number, SlotView[]>();
    for (const r of rows) (byEvent.get(r.eventId) ?? byEvent.set(r.eventId, []).get(r.eventId)!).push(r);
    return byEvent;
  }

  app.get(
    '/api/events',
    {
      config: { publicCache: true },
      schema: {
        tags: ['public'],
        summary: 'Active events with their upcoming timeslots and availability label',
        querystring: Type.Object({
          search: Type.Optional(Type.String({ maxLength: 100 })),
          lang: LangQuery,
        }),
        response: { 200: Envelope(Type.Array(EventSummarySchema)), 400: ErrorResponseSchema },
      },
    },
    async (request) => {
      const search = request.query.search?.trim();
      const lang = languageOrDefault(request.query.lang);
      return cached(`events|${lang}|${search ?? ''}`, () => listEvents(search, lang));
    },
  );

  async function listEvents(search: string | undefined, lang: Language) {
    const events = await sql<
      {
        id: number;
        name: string;
        slug: string;
        description: string | null;
        location: string | null;
        translations: CatalogueTranslations;
        configType: EventRow['configType'];
        numSlots: number;
        bufferHours: number;
        slotsPerTimeslot: number;
        maxAttendees: number;
      }[]
    >`
        select e.id, e.name, e.slug, e.description, e.location, e.translations, ${eventConfigColumns(sql)}
        from screening_events e left join event_configs c on c.event_id = e.id
        where e.is_active ${search ? sql`and e.name ilike ${`%${search.replace(/[\\%_]/g, '\\$&')}%`}` : sql``}
        order by e.name`;
    const slots = await upcomingMaterialised(events.map((e) => e.id));
    const holidays = await holidayDays(sql);
    const venues = await readEventVenues(
      sql,
      events.map((e) => e.id),
    );
    return {
      success: true as const,
      data: events.map((event) => {
        const own = slots.get(event.id) ?? [];
        const texts = inLanguage(event, event.translations, lang);
        return {
          id: event.id,
          name: texts.name,
          slug: event.slug,
          description: texts.description,
          ...whereToGo(event.location, venues.get(event.id)),
          timeslotMode: event.configType,
          availabilityLabel: labelFor(event, own, holidays),
          timeslots: own.map(publicSlot),
        };
      }),
    };
  }

  app.get(
    '/api/events/:slug',
    {
      config: { publicCache: true },
      schema: {
        summary: 'One published event with its packages and timeslot settings',
        tags: ['public'],
        params: Type.Object({ slug: Type.String({ maxLength: 200 }) }),
        querystring: Type.Object({ lang: LangQuery }),
        response: {
          200: Envelope(EventDetailSchema),
          400: ErrorResponseSchema,
          404: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const lang = languageOrDefault(request.query.lang);
      return cached(`event|${lang}|${request.params.slug}`, () => eventDetail(request.params.slug, lang));
    },
  );

  async function eventDetail(slug: string, lang: Language) {
    const event = await findEvent(sql, { slug, activeOnly: true });
    const [own] = await sql<{ translations: CatalogueTranslations }[]>`
      select translations from screening_events where id = ${event.id}`;
    const packages = await sql<
      {
        id: number;
        name: string;
        description: string | null;
        price: string;
        aiaPrice: string | null;
        isActive: boolean;
        translations: CatalogueTranslations;
      }[]
    >`
        select p.id, p.name, p.description, p.price::text as price, p.aia_price::text as "aiaPrice",
               p.is_active as "isActive", p.translations
        from event_packages ep join packages p on p.id = ep.package_id
        where ep.event_id = ${event.id} and p.is_active
        order by p.price, p.id`;
    const slots = event.configType === 'manual' ? await manualSlots(sql, event) : [];
    // An auto event's answer lists no slots (they depend on the postal code), but its label counts them all.
    const labelled =
      event.configType === 'manual' ? slots : ((await upcomingMaterialised([event.id])).get(event.id) ?? []);
    const dates = [...new Map(slots.map((s) => [s.date, { date: s.date, label: s.dateLabel }])).values()];
    return {
      success: true as const,
      data: {
        id: event.id,
        ...inLanguage({ name: event.name, description: event.description }, own?.translations, lang),
        slug: event.slug,
        ...whereToGo(event.location, (await readEventVenues(sql, [event.id])).get(event.id)),
        isActive: event.isActive,
        createdAt: new Date(event.createdAt).toISOString(),
        timeslotMode: event.configType,
        availabilityLabel: labelFor(event, labelled, await holidayDays(sql)),
        timeslots: slots.map(publicSlot),
        dates,
        packages: packages.map(({ translations, ...p }) => inLanguage(p, translations, lang)),
      },
    };
  }

  app.get(
    '/api/timeslots/postal-code',
    {
      config: { publicCache: true },
      schema: {
        tags: ['public'],
        summary: 'Bookable timeslots for a postal code, grouped by date',
        querystring: PostalQuery,
        response: { 200: PostalTimeslotsResponseSchema, 400: ErrorResponseSchema, 404: ErrorResponseSchema },
      },
    },
    async (request) => {
      const postalCode = requirePostalCode(request.query.postalCode);
      const eventId = requireEventId(request.query.eventId);
      const answer = async () => {
        const event = await findEvent(sql, { id: eventId, activeOnly: true });
        const position = await reflect(request.query.position);
        const found = await slotsForPostalCode(sql, event, postalCode);
        // issue 46: where this region's appointments happen
        const venue = appointmentVenue(await readVenuesOf(sql, eventId), found.region);
        return { position, found, venue };
      };
      // An answer that must reflect a given position is never served from the cache.
      const { position, found, venue } = request.query.position
        ? await answer()
        : await cached(`postal|${eventId}|${postalCode}`, answer);
      if (found.region === null) throw notFound(found.message);
      return {
        success: true as const,
        region: found.region,
        regionName: found.regionName,
        postalCode,
        position,
        venue,
        data: groupByDate(found.slots),
      };
    },
  );

  app.get(
    '/api/auto-timeslots/postal-code',
    {
      config: { publicCache: true },
      schema: {
        tags: ['public'],
        summary: 'Auto-generated timeslots for a postal code, as a list of dates',
        querystring: PostalQuery,
        response: {
          200: AutoTimeslotsResponseSchema,
          400: ErrorResponseSchema,
          404: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const postalCode = requirePostalCode(request.query.postalCode);
      const eventId = requireEventId(request.query.eventId);
      // The whole answer is kept, not just the slots: grouping per request was most of a hit's cost.
      const answer = await cached(`auto-postal|${eventId}|${postalCode}`, async () => {
        const event = await findEvent(sql, { id: eventId, activeOnly: true });
        const found = await slotsForPostalCode(sql, { ...event, configType: 'auto' }, postalCode);
        if (found.region === null) return { missing: found.message };
        const groups = groupByDate(found.slots);
        return {
          success: true as const,
          region: found.region,
          regionName: found.regionName,
          postalCode,
          data: Object.entries(groups).map(([date, g]) => ({
            date,
            label: g.date.label,
            timeslots: g.timeslots,
          })),
        };
      });
      if ('missing' in answer) throw notFound(answer.missing);
      return answer;
    },
  );

  app.get(
    '/api/auto-timeslots/date',
    {
      config: { publicCache: true },
      schema: {
        tags: ['public'],
        summary: "Every region's auto-generated timeslots on one date",
        querystring: DateQuery,
        response: {
          200: Envelope(TimeslotGroupsSchema),
          400: ErrorResponseSchema,
          404: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const date = requireDate(request.query.date);
      const eventId = requireEventId(request.query.eventId);
      const byRegion = await cached(`auto-date|${eventId}|${date}`, async () =>
        autoSlotsForDate(sql, await findEvent(sql, { id: eventId, activeOnly: true }), date),
      );
      const data: Record<
        string,
        { date: { label: string; value: string }; timeslots: ReturnType<typeof publicSlot>[] }
      > = {};
      for (const [region, slots] of Object.entries(byRegion)) {
        const group = groupByDate(slots ?? [])[date];
        if (group) data[region] = group;
      }
      return { success: true as const, data };
    },
  );
};

export default catalogue;
