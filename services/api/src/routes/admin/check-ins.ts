import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AttendeeSheetQuery,
  AttendeeSheetSchema,
  CheckInRequestSchema,
  CheckInResultSchema,
  Envelope,
  ErrorResponseSchema,
  IdParams,
  type StaffRole,
  AlsoAs,
} from '@hs/contracts';
import { checkIn, registrationOfCode, singaporeClock } from '@hs/commands';
import { normalizeReferenceNumber, parseIsoDay } from '@hs/domain';
import { findFirstEvent } from '@hs/eventstore';
import { type OrderRow, openOrders, selectOrders } from '@hs/read-models';
import type { FastifyReply } from 'fastify';
import { partyFromOrder, partyFromState } from '../../check-in/party';
import { badRequest, notFound } from '../../errors';
import { csvCell } from '../../csv';

/** The front desk's routes (issue 23): staff at the desk and admins. */
const DESK: readonly StaffRole[] = ['admin', 'front_desk'];

const NO_BOOKING = 'No booking with this reference number.';

const CSV_COLUMNS = [
  'Time',
  'Reference',
  'Name',
  'Package',
  'Primary',
  'Payment Status',
  'Balance Due',
  'Checked In At',
  'Checked In By',
  'No-show',
];

/** Check-in at the front desk and the day's attendee sheet. */
const checkIns: FastifyPluginAsyncTypebox = async (app) => {
  const { sql } = app;

  app.post(
    '/check-ins',
    {
      config: { roles: DESK },
      schema: {
        summary:
          'Check a party in by its QR code (token) or reference number, all of it or the people named; a second scan records nothing and says who checked them in when. A balance due is refused (409) unless waiveReason says why the desk lets them in',
        body: CheckInRequestSchema,
        response: {
          200: Envelope(CheckInResultSchema),
          400: ErrorResponseSchema,
          404: ErrorResponseSchema,
          409: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const { token, referenceNumber, participantIds, waiveReason } = request.body;
      if (!token === !referenceNumber)
        throw badRequest('Give either the scanned code or the reference number');
      let registrationId: number;
      if (token) registrationId = await registrationOfCode(sql, token);
      else {
        // The log itself finds the booking (index events_registration_reference), never a read model
        // that may lag it.
        const booked = await findFirstEvent<{ registrationId: string }>(sql, {
          type: 'RegistrationBooked',
          data: { field: 'referenceNumber', equals: normalizeReferenceNumber(referenceNumber!) },
        });
        if (!booked) throw notFound(NO_BOOKING);
        registrationId = Number(booked.data.registrationId);
      }
      const username = request.actor.replace(/^admin:/, '');
      const result = await checkIn(
        sql,
        registrationId,
        participantIds,
        {
          username,
          actor: request.actor,
          requestId: request.id,
        },
        new Date(),
        waiveReason?.trim() || undefined,
      );
      return {
        success: true as const,
        data: {
          message: result.message,
          alreadyCheckedIn: result.alreadyCheckedIn,
          party: partyFromState(registrationId, result.state, {
            date: result.appointmentDate,
            time: result.appointmentTime,
          }),
        },
      };
    },
  );

  app.get(
    '/events/:id/attendees',
    {
      config: { roles: DESK },
      schema: {
        summary:
          "The day's attendee sheet of an event: per slot, each party with its people, package, payment status and check-in time (format=csv: one row per person)",
        params: IdParams,
        querystring: AttendeeSheetQuery,
        response: {
          200: AlsoAs(Envelope(AttendeeSheetSchema), 'text/csv'),
          400: ErrorResponseSchema,
          404: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { date, format } = request.query;
      // The pattern lets through days no calendar has (2026-02-30, 0000-00-00), which Postgres refuses.
      if (parseIsoDay(date) === null) throw badRequest('Invalid date');
      const [event] = await sql<{ name: string; location: string | null }[]>`
        select name, location from screening_events where id = ${id}`;
      if (!event) throw notFound('Event not found');
      // Cancelled and expired orders are not expected at the desk.
      const orders = await openOrders(
        sql,
        await sql<OrderRow[]>`
        ${selectOrders(sql)}
        where event_id = ${id} and timeslot_date = ${date} and status not in ('cancelled', 'expired')
        order by timeslot_time, timeslot_id, last_name, first_name, registration_id`,
      );
      const slots: { timeslotId: number; time: string; parties: ReturnType<typeof partyFromOrder>[] }[] = [];
      for (const o of orders) {
        let slot = slots.at(-1);
        if (!slot || slot.timeslotId !== Number(o.timeslotId)) {
          slot = { timeslotId: Number(o.timeslotId), time: o.timeslotTime ?? '', parties: [] };
          slots.push(slot);
        }
        slot.parties.push(partyFromOrder(o));
      }
      if (format === 'csv') {
        const lines = [CSV_COLUMNS.map(csvCell).join(',')];
        for (const slot of slots)
          for (const p of slot.parties)
            for (const person of p.people)
              lines.push(
                [
                  slot.time,
                  p.referenceNumber,
                  person.name,
                  person.packageName,
                  person.isPrimary ? 'yes' : '',
                  p.paymentStatus === 'paid' ? 'Paid' : 'Balance due',
                  p.balanceDue,
                  person.checkedInAt ? singaporeClock(person.checkedInAt) : '',
                  person.checkedInBy ?? '',
                  person.noShow ? 'yes' : '',
                ]
                  .map(csvCell)
                  .join(','),
              );
        // The CSV is the 200's other form: sent untyped, past the JSON envelope's serializer.
        return (reply as FastifyReply)
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="attendees-${id}-${date}.csv"`)
          .send(`${lines.join('\r\n')}\r\n`);
      }
      return {
        success: true as const,
        data: { eventId: id, eventName: event.name, location: event.location, date, slots },
      };
    },
  );
};

export default checkIns;
