import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { TimeslotSchema, ErrorResponseSchema, IdParams, TimeslotSearchResponseSchema } from '@hs/contracts';
import {
  EVENT_CONFIG_LIMITS,
  POSTAL_CODE_MESSAGE,
  POSTAL_CODE_PATTERN,
  formatTimeLabel,
  parseCalendarDay,
  timeslotAvailabilitySchema,
  timeslotSearchSchema,
  wholeNumberWithin,
} from '@hs/domain';
import { type Position, formatPosition, waitForPosition } from '@hs/eventstore';
import { slotAvailabilityProjection } from '@hs/read-models';
import { Type } from '@sinclair/typebox';
import * as v from 'valibot';
import { audit } from '../../audit';
import { badRequest, conflict, notFound } from '../../errors';
import {
  autoSlotsForDate,
  findEvent,
  groupByDate,
  manualSlots,
  slotsByIds,
  slotsForPostalCode,
} from '../../slots';
import { runTimeslotCommand } from '../../slots/capacity';
import { parseFirst, parseInput } from '../../validation';
import { inputJsonSchema } from '../../validation-schema';

const ManualSlotInput = v.object({
  date: v.pipe(
    v.optional(v.string('Date is required'), ''),
    v.transform((s) => parseCalendarDay(s.trim()) ?? ''),
    v.nonEmpty('Please enter a valid date'),
  ),
  time: v.pipe(
    v.optional(v.string('Time is required'), ''),
    v.trim(),
    v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Time must be HH:mm'),
  ),
  maxAttendees: v.optional(wholeNumberWithin(EVENT_CONFIG_LIMITS.maxAttendees)),
});

/** A slot's new capacity: a whole number (or its digits) within the event config's capacity range. */
const SlotCapacityInput = v.object({
  maxAttendees: v.pipe(
    v.union([v.number(), v.string()], EVENT_CONFIG_LIMITS.maxAttendees.message),
    v.transform((x) => (typeof x === 'string' && x.trim() !== '' ? Number(x) : x)),
    wholeNumberWithin(EVENT_CONFIG_LIMITS.maxAttendees),
  ),
});

/** Postal-code and date timeslot search for staff, slot blocking and capacity, and manual timeslots. */
/** The answers of a command on one slot (block, unblock, capacity): the slot after it and its log position. */
const SLOT_COMMAND_RESPONSES = {
  200: Type.Object({
    success: Type.Literal(true),
    data: TimeslotSchema,
    position: Type.Union([Type.String(), Type.Null()]),
  }),
  400: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};

const timeslots: FastifyPluginAsyncTypebox = async (app) => {
  const { sql } = app;

  app.get(
    '/timeslots/postal-code',
    {
      schema: {
        summary: 'Timeslots of an event by postal code or by date, grouped by date, with seats booked',
        querystring: Type.Object({
          eventId: Type.Optional(Type.Integer({ minimum: 1 })),
          postalCode: Type.Optional(Type.String({ maxLength: 20 })),
          date: Type.Optional(Type.String({ maxLength: 20 })),
        }),
        response: {
          200: TimeslotSearchResponseSchema,
          400: ErrorResponseSchema,
          404: ErrorResponseSchema,
        },
      },
      // The Postal Codes tab's own schema first, so an empty or non-numeric eventId answers
      // 'Please select an event' (spec section 5) rather than the generic querystring check.
      preValidation: async (request) => {
        const q = parseInput(timeslotSearchSchema, request.query);
        request.query = {
          eventId: q.eventId,
          postalCode: q.postalCode ?? undefined,
          date: q.date ?? undefined,
        };
      },
    },
    async (request) => {
      const { eventId, postalCode, date } = request.query;
      if (!eventId) throw badRequest('Please select an event');
      const event = await findEvent(sql, { id: eventId });
      if (postalCode?.trim()) {
        if (!POSTAL_CODE_PATTERN.test(postalCode.trim())) throw badRequest(POSTAL_CODE_MESSAGE);
        const found = await slotsForPostalCode(sql, event, postalCode.trim());
        if (found.region === null) throw notFound(found.message);
        return {
          success: true as const,
          region: found.region,
          regionName: found.regionName,
          postalCode: postalCode.trim(),
          data: groupByDate(found.slots),
        };
      }
      if (date?.trim()) {
        const day = parseCalendarDay(date.trim());
        if (!day)
          throw badRequest('Please select a date', [{ field: 'date', message: 'Please select a date' }]);
        const slots =
          event.configType === 'auto'
            ? Object.values(await autoSlotsForDate(sql, event, day)).flat()
            : (await manualSlots(sql, event, new Date(0))).filter((s) => s.date === day);
        return {
          success: true as const,
          region: null,
          regionName: null,
          postalCode: null,
          data: groupByDate(slots ?? []),
        };
      }
      throw badRequest('Please enter a postal code or select a date');
    },
  );

  /**
   * Read-your-writes after a slot command: the slot as the projection shows it (waiting briefly for
   * it), with what the command set, and the log position.
   */
  const slotAfterCommand = async (
    id: number,
    position: Position | null,
    set: { isAvailable: boolean } | { maxAttendees: number },
  ) => {
    if (position) await waitForPosition(sql, slotAvailabilityProjection.name, position, 2_000);
    const [slot] = await slotsByIds(sql, [id]);
    return {
      success: true as const,
      data: { ...slot!, ...set },
      position: position ? formatPosition(position) : null,
    };
  };

  app.put(
    '/timeslots/:id/availability',
    {
      schema: {
        summary: 'Block or unblock a slot (SlotBlocked/SlotUnblocked); existing bookings stay',
        params: IdParams,
        body: inputJsonSchema(timeslotAvailabilitySchema),
        response: SLOT_COMMAND_RESPONSES,
      },
      // The domain schema's message ('isAvailable must be true or false') before the generic check.
      preValidation: parseFirst(timeslotAvailabilitySchema),
    },
    async (request) => {
      const { id } = request.params;
      const { position } = await runTimeslotCommand(
        sql,
        id,
        { type: request.body.isAvailable ? 'UnblockSlot' : 'BlockSlot', at: new Date().toISOString() },
        request.actor,
        request.id,
      );
      return slotAfterCommand(id, position, { isAvailable: request.body.isAvailable });
    },
  );

  app.put(
    '/timeslots/:id/capacity',
    {
      schema: {
        summary:
          "Change a slot's capacity (CapacityChanged), never below the seats taken; seats a raise adds go to its waiting list first (issue 22)",
        params: IdParams,
        body: inputJsonSchema(SlotCapacityInput),
        response: SLOT_COMMAND_RESPONSES,
      },
      // The capacity message ('Capacity must be between 1 and 10000') before the generic check.
      preValidation: parseFirst(SlotCapacityInput),
    },
    async (request) => {
      const { id } = request.params;
      const { maxAttendees } = request.body;
      const { position } = await runTimeslotCommand(
        sql,
        id,
        { type: 'ChangeCapacity', maxAttendees, at: new Date().toISOString() },
        request.actor,
        request.id,
      );
      return slotAfterCommand(id, position, { maxAttendees });
    },
  );

  app.post(
    '/events/:id/timeslots',
    {
      schema: {
        summary: 'Add a manual timeslot (date, time, capacity) to an event',
        params: IdParams,
        body: inputJsonSchema(ManualSlotInput),
        response: {
          201: Type.Object({ success: Type.Literal(true), data: TimeslotSchema }),
          400: ErrorResponseSchema,
          404: ErrorResponseSchema,
          409: ErrorResponseSchema,
        },
      },
      // The slot's own messages ('Time must be HH:mm', the capacity range) before the generic check.
      preValidation: parseFirst(ManualSlotInput),
    },
    async (request, reply) => {
      const input = request.body;
      const event = await findEvent(sql, { id: request.params.id });
      const id = await sql.begin(async (tx) => {
        const [dateRow] = await tx<{ id: number }[]>`
          insert into event_dates (event_id, date) values (${event.id}, ${input.date})
          on conflict (event_id, date) do update set date = excluded.date returning id`;
        const [row] = await tx<{ id: number }[]>`
          insert into timeslots (event_id, event_date_id, date, time, label, max_attendees)
          values (${event.id}, ${dateRow!.id}, ${input.date}, ${input.time}, ${formatTimeLabel(input.time)},
                  ${input.maxAttendees ?? event.maxAttendees})
          on conflict (event_id, coalesce(region, ''), date, time) do nothing
          returning id`;
        if (!row) throw conflict('This event already has a timeslot at that date and time');
        await audit(tx, {
          actor: request.actor,
          action: 'create',
          entity: 'timeslot',
          entityId: row.id,
          after: { eventId: event.id, ...input },
        });
        return row.id;
      });
      const [slot] = await slotsByIds(sql, [id]);
      return reply.status(201).send({ success: true as const, data: slot! });
    },
  );
};

export default timeslots;
