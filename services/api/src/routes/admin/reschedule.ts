import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams, RescheduleRequestSchema, RescheduleResponses } from '@hs/contracts';
import { rescheduleOrder } from '../../booking/reschedule';

/** Staff move a booking to another slot of its event: no cut-off, never above capacity (issue 22). */
const reschedule: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/registrations/:id/reschedule',
    {
      schema: {
        summary:
          'Move an order to another timeslot of its event (any region), without the public cut-off: its seats are taken on the new slot and freed on the old one in one step',
        params: IdParams,
        body: RescheduleRequestSchema,
        response: RescheduleResponses,
      },
    },
    async (request) => {
      const data = await rescheduleOrder(
        app.sql,
        request.params.id,
        request.body.timeslotId,
        { actor: request.actor, requestId: request.id },
        null,
      );
      return { success: true as const, data };
    },
  );
};

export default reschedule;
