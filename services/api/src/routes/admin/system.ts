import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, SubscriptionStatusSchema, ROLES } from '@hs/contracts';
import { getSubscriptionStatus } from '@hs/eventstore';
import { Type } from '@sinclair/typebox';

/** How far each projection and reactor is behind the event log, and which worker holds it. */
const system: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/system/subscriptions',
    {
      config: { roles: ROLES.admin },
      schema: {
        tags: ['admin'],
        summary: 'Projection and reactor checkpoints, lag and lease holders',
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
};

export default system;
