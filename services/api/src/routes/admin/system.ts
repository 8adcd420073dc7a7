import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  Envelope,
  ErrorResponseSchema,
  MessageResponseSchema,
  ParkedEventSchema,
  SubscriptionStatusSchema,
} from '@hs/contracts';
import { EVENTS_CHANNEL, getSubscriptionStatus, listParkedEvents, requestParkedRetry } from '@hs/eventstore';
import { Type } from '@sinclair/typebox';
import { audit } from '../../audit';
import { notFound } from '../../errors';

/**
 * How far each projection and reactor is behind the event log, which worker holds it, and the events it
 * parked (issue 43), which staff retry once the cause is fixed.
 */
const system: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/system/subscriptions',
    {
      schema: {
        summary: 'Projection and reactor checkpoints, lag, lease holders and parked events',
        response: { 200: Envelope(Type.Array(SubscriptionStatusSchema)) },
      },
    },
    async () => {
      const rows = await getSubscriptionStatus(app.sql);
      return {
        success: true as const,
        data: rows.map((r) => ({
          ...r,
          checkpointUpdatedAt: r.checkpointUpdatedAt.toISOString(),
          leaseExpiresAt: r.leaseExpiresAt?.toISOString() ?? null,
        })),
      };
    },
  );

  app.get(
    '/system/parked-events',
    {
      schema: {
        summary: 'Events a projection or the reactor parked after failing on them (issue 43)',
        response: { 200: Envelope(Type.Array(ParkedEventSchema)) },
      },
    },
    async () => {
      const rows = await listParkedEvents(app.sql);
      return {
        success: true as const,
        data: rows.map((r) => ({
          ...r,
          parkedAt: r.parkedAt.toISOString(),
          retryRequestedAt: r.retryRequestedAt?.toISOString() ?? null,
        })),
      };
    },
  );

  app.post(
    '/system/parked-events/:subscriber/:eventId/retry',
    {
      schema: {
        summary: 'Ask the subscriber to apply a parked event again (with the later ones of its stream)',
        params: Type.Object({
          subscriber: Type.String({ minLength: 1, maxLength: 100 }),
          eventId: Type.String({ format: 'uuid' }),
        }),
        response: { 202: MessageResponseSchema, 404: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const { subscriber, eventId } = request.params;
      const requested = await app.sql.begin(async (tx) => {
        const found = await requestParkedRetry(tx, subscriber, eventId);
        if (found)
          await audit(tx, {
            actor: request.actor,
            action: 'update',
            entity: 'parked_event_retry',
            entityId: `${subscriber}/${eventId}`,
          });
        return found;
      });
      if (!requested) throw notFound('Parked event not found');
      // The subscriber listens on the events channel; polling would find the request within seconds too.
      await app.sql.notify(EVENTS_CHANNEL, '');
      return reply.status(202).send({ success: true, message: `Retry of ${eventId} asked of ${subscriber}` });
    },
  );
};

export default system;
