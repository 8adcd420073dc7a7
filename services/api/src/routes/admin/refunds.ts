import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  Envelope,
  ErrorResponseSchema,
  IdParams,
  RefundRequestSchema,
  RefundResultSchema,
  ROLES,
} from '@hs/contracts';
import { parseMoney } from '@hs/domain';
import { headPosition, waitForPosition } from '@hs/eventstore';
import { ordersProjection } from '@hs/read-models';
import { Type } from '@sinclair/typebox';
import { refundIdFor, refundOrder } from '../../booking/refund';

/** Staff give back what an order's card payment took (issue 21). */
const refunds: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/registrations/:id/refunds',
    {
      config: { roles: ROLES.orderDesk },
      schema: {
        summary:
          'Refund card-paid money of an order (default: everything card-paid and not yet refunded); an Idempotency-Key replayed answers the first answer',
        params: IdParams,
        headers: Type.Object({
          'idempotency-key': Type.Optional(
            Type.String({ minLength: 1, maxLength: 200, description: 'The same key refunds once' }),
          ),
        }),
        body: RefundRequestSchema,
        response: {
          201: Envelope(RefundResultSchema),
          400: ErrorResponseSchema,
          404: ErrorResponseSchema,
          409: ErrorResponseSchema,
          502: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const amountCents = request.body.amount === undefined ? undefined : parseMoney(request.body.amount)!;
      const data = await refundOrder(
        app.sql,
        { card: app.paymentGateway, payNow: app.payNow },
        id,
        {
          refundId: refundIdFor(id, request.headers['idempotency-key']),
          ...(amountCents === undefined ? {} : { amountCents }),
          reason: request.body.reason.trim(),
        },
        { actor: request.actor, requestId: request.id },
      );
      // Read your writes (issue 45): the order's details re-read after the answer show the refund, not
      // "Refunded —" (which invited a second one). The head includes the refund's events; 2 s at most.
      const head = await headPosition(app.sql);
      if (head) await waitForPosition(app.sql, ordersProjection.name, head, 2_000);
      return reply.status(201).send({ success: true as const, data });
    },
  );
};

export default refunds;
