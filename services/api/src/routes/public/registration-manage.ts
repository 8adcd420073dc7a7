import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, ErrorResponseSchema, RegistrationLookupSchema, StatusChangeSchema } from '@hs/contracts';
import { isReleasedStatus, normalizeReferenceNumber, type RegistrationState } from '@hs/domain';
import { appointmentStart, ensureCheckInToken } from '@hs/commands';
import { formatPosition, parsePosition, waitForPosition } from '@hs/eventstore';
import { ordersProjection, readOrder } from '@hs/read-models';
import { Type } from '@sinclair/typebox';
import { cancellationRefundNow, cancellationRefundView } from '../../booking/cancellation';
import { changeRegistration, existingRegistration } from '../../booking/change';
import { publicView } from '../../booking/lookup';
import { refundIdFor, refundOrder } from '../../booking/refund';
import { badRequest } from '../../errors';
import { ignoreEmptyBody } from '../../no-body';

const Id = Type.Object({ id: Type.Integer({ minimum: 1 }) });

/** After booking: the visitor's lookup by reference number, and cancelling. */
const registrationManage: FastifyPluginAsyncTypebox<{ refundCutoffHours: number }> = async (app, opts) => {
  const { sql, rateLimits } = app;

  app.get(
    '/api/registrations/lookup/:referenceNumber',
    {
      config: { rateLimit: rateLimits.lookup },
      schema: {
        tags: ['public'],
        summary: 'An order by reference number (never identification number or date of birth)',
        params: Type.Object({ referenceNumber: Type.String({ maxLength: 40 }) }),
        querystring: Type.Object({ position: Type.Optional(Type.String({ maxLength: 60 })) }),
        response: {
          200: Envelope(RegistrationLookupSchema),
          400: ErrorResponseSchema,
          404: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const reference = normalizeReferenceNumber(request.params.referenceNumber);
      if (request.query.position) {
        try {
          await waitForPosition(sql, ordersProjection.name, parsePosition(request.query.position), 2_000);
        } catch {
          throw badRequest('Invalid position');
        }
      }
      const order = await readOrder(sql, { reference });
      if (!order) {
        return reply.status(404).send({
          success: false,
          message: 'Registration not found. Please check your reference number and try again.',
        });
      }
      const state = await existingRegistration(sql, order.registrationId);
      const refund = cancellationRefundNow(
        state,
        await appointmentStart(sql, state.timeslotId!),
        opts.refundCutoffHours,
      );
      // The check-in QR code (issue 23) only while the booking can still be checked in.
      const checkInToken = isReleasedStatus(order.status)
        ? null
        : await ensureCheckInToken(sql, order.registrationId);
      return {
        success: true as const,
        data: { ...publicView(order, cancellationRefundView(refund, state)), checkInToken },
      };
    },
  );

  app.post(
    '/api/registrations/:id/cancel',
    {
      config: { rateLimit: rateLimits.cancel },
      onRequest: ignoreEmptyBody,
      schema: {
        tags: ['public'],
        summary:
          'Cancel a booking: frees its seats and its code at once. A card payment is refunded automatically when cancelled at least REFUND_CUTOFF_HOURS before the appointment; later, the order is flagged for staff review',
        params: Id,
        response: {
          200: Type.Object({ success: Type.Literal(true), message: Type.String(), data: StatusChangeSchema }),
          404: ErrorResponseSchema,
          409: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const id = request.params.id;
      const start = await appointmentStart(sql, (await existingRegistration(sql, id)).timeslotId!);
      const at = new Date();
      // The policy follows the order as the cancellation is decided: a payment that lands between a
      // first read and the append (which then retries) is refunded too, or flagged for review.
      const policy = (order: RegistrationState) =>
        cancellationRefundNow(order, start, opts.refundCutoffHours, at);
      const meta = { actor: 'public', requestId: request.id };
      const { state, before, position } = await changeRegistration(
        sql,
        id,
        (order) => ({
          type: 'CancelRegistration',
          at: at.toISOString(),
          ...(policy(order).kind === 'review' ? { needsRefundReview: true } : {}),
        }),
        meta,
      );
      const refund = policy(before);
      if (refund.kind === 'automatic') {
        // The cancellation stands whatever the gateway says: a refund it did not accept is on the
        // order's history (RefundFailed) for staff to give back from the back office.
        try {
          await refundOrder(
            sql,
            app.paymentGateway,
            id,
            {
              refundId: refundIdFor(id, 'public-cancellation'),
              reason: `Cancelled by the customer at least ${opts.refundCutoffHours} hours before the appointment`,
            },
            meta,
          );
        } catch (err) {
          request.log.warn({ err, registrationId: id }, 'automatic refund of a cancellation failed');
        }
      }
      return {
        success: true as const,
        message: 'Your appointment has been successfully cancelled.',
        data: {
          id: request.params.id,
          status: state.status!,
          position: position ? formatPosition(position) : null,
        },
      };
    },
  );
};

export default registrationManage;
