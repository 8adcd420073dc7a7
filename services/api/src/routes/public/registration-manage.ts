import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  Envelope,
  ErrorResponseSchema,
  ManageReadRequestSchema,
  ManageReadResponses,
  RegistrationLookupSchema,
  StatusChangeSchema,
} from '@hs/contracts';
import { isReleasedStatus, normalizeReferenceNumber, type RegistrationState } from '@hs/domain';
import { REGISTRATION_NOT_FOUND, appointmentStart, ensureCheckInToken } from '@hs/commands';
import { formatPosition, parsePosition, waitForPosition } from '@hs/eventstore';
import { type OrderRow, ordersProjection, readOrder } from '@hs/read-models';
import { Type } from '@sinclair/typebox';
import { cancellationRefundNow, cancellationRefundView } from '../../booking/cancellation';
import { changeRegistration, existingRegistration } from '../../booking/change';
import { publicView } from '../../booking/lookup';
import { refundIdFor, refundOrder } from '../../booking/refund';
import { bookingForManage } from '../../booking/manage-access';
import { badRequest, notFound } from '../../errors';
import { ignoreEmptyBody } from '../../no-body';

const Id = Type.Object({ id: Type.Integer({ minimum: 1 }) });

/**
 * After booking: the visitor's lookup by reference number, the manage page's read (the reference and
 * the signed link's token or a second check, issue 46), and cancelling.
 */
const registrationManage: FastifyPluginAsyncTypebox<{
  refundCutoffHours: number;
  manageLinkSecret: string;
}> = async (app, opts) => {
  const { sql, rateLimits } = app;

  /** What the lookup and the manage read answer about an order. */
  const lookupData = async (order: OrderRow) => {
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
    return { ...publicView(order, cancellationRefundView(refund, state)), checkInToken };
  };

  app.get(
    '/api/registrations/lookup/:referenceNumber',
    {
      config: { rateLimit: rateLimits.lookup },
      // Counted per visitor and per reference as well (issue 46): walking through references is slow.
      preHandler: (request) => app.bookingLookups.take(request, request.params.referenceNumber),
      schema: {
        tags: ['public'],
        summary:
          'An order by reference number (never identification number or date of birth). Rate-limited per visitor and per reference (429)',
        params: Type.Object({ referenceNumber: Type.String({ maxLength: 40 }) }),
        querystring: Type.Object({ position: Type.Optional(Type.String({ maxLength: 60 })) }),
        response: {
          200: Envelope(RegistrationLookupSchema),
          400: ErrorResponseSchema,
          404: ErrorResponseSchema,
          429: ErrorResponseSchema,
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
      return { success: true as const, data: await lookupData(order) };
    },
  );

  app.post(
    '/api/registrations/:referenceNumber/manage',
    {
      config: { rateLimit: rateLimits.lookup },
      preHandler: (request) => app.bookingLookups.take(request, request.params.referenceNumber),
      schema: {
        tags: ['public'],
        summary:
          "The manage page's booking (issue 46): the reference plus the `token` of the manage link in the booking's emails, or plus the booking's date of birth (an email alone is no check: the lookup shows it). Neither: 403; a forged or expired token: 403; an unknown reference or a wrong date of birth or email: the same 404. Rate-limited per visitor and per reference (429)",
        params: Type.Object({ referenceNumber: Type.String({ maxLength: 40 }) }),
        body: ManageReadRequestSchema,
        response: ManageReadResponses,
      },
    },
    async (request) => {
      const { registrationId } = await bookingForManage(
        sql,
        opts.manageLinkSecret,
        request.params.referenceNumber,
        request.body,
        app.bookingLookups.guesses,
      );
      // As the lookup: an order the read model has not caught up with yet reads as not found.
      const order = await readOrder(sql, { id: registrationId });
      if (!order) throw notFound(REGISTRATION_NOT_FOUND);
      return { success: true as const, data: await lookupData(order) };
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
            { card: app.paymentGateway, payNow: app.payNow },
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
