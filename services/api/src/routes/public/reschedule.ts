import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { RescheduleRequestSchema, RescheduleResponses } from '@hs/contracts';
import { normalizeReferenceNumber } from '@hs/domain';
import { findFirstEvent } from '@hs/eventstore';
import { Type } from '@sinclair/typebox';
import { REGISTRATION_NOT_FOUND } from '@hs/commands';
import { rescheduleOrder } from '../../booking/reschedule';
import { notFound } from '../../errors';

/** The customer moves their booking to another slot of its event, up to the cut-off (issue 22). */
const reschedule: FastifyPluginAsyncTypebox<{ cutoffHours: number }> = async (app, opts) => {
  const { sql, rateLimits } = app;
  app.post(
    '/api/registrations/:referenceNumber/reschedule',
    {
      // Without the rate-limit plugin (RATE_LIMITS=off) this route config is simply unused.
      config: { rateLimit: rateLimits.cancel },
      schema: {
        tags: ['public'],
        summary:
          'Move a booking to another timeslot of its event: its seats are taken on the new slot and freed on the old one in one step; refused within RESCHEDULE_CUTOFF_HOURS of the appointment. Price, participants and payments stay as they are',
        params: Type.Object({ referenceNumber: Type.String({ maxLength: 40 }) }),
        body: RescheduleRequestSchema,
        response: RescheduleResponses,
      },
    },
    async (request) => {
      // The log itself finds the booking (index events_registration_reference), never a read model
      // that may lag it.
      const booked = await findFirstEvent<{ registrationId: string }>(sql, {
        type: 'RegistrationBooked',
        data: { field: 'referenceNumber', equals: normalizeReferenceNumber(request.params.referenceNumber) },
      });
      if (!booked) throw notFound(REGISTRATION_NOT_FOUND);
      const data = await rescheduleOrder(
        sql,
        Number(booked.data.registrationId),
        request.body.timeslotId,
        { actor: 'public', requestId: request.id },
        opts.cutoffHours,
      );
      return { success: true as const, data };
    },
  );
};

export default reschedule;
