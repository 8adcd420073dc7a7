import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  Envelope,
  ErrorResponseSchema,
  PartnerBookingStatusSchema,
  PartnerPaymentReportedSchema,
} from '@hs/contracts';
import {
  type PartnerBookingUsed,
  outstandingCents,
  parseMoney,
  partnerBookingStream,
  toAdminStatus,
  toMoneyString,
  validatePartnerBookingCode,
} from '@hs/domain';
import { findFirstEvent } from '@hs/eventstore';
import { Type } from '@sinclair/typebox';
import { changeRegistration, existingRegistration } from '../../booking/change';
import { badRequest, conflict, notFound } from '../../errors';

/** Calls for the partner's servers, authenticated by an API key in `x-api-key`. */
const partner: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.requireApiKey);

  app.get(
    '/whoami',
    {
      schema: {
        tags: ['partner'],
        summary: 'Check an API key: answers which key this is',
        security: [{ apiKey: [] }],
        response: {
          200: Type.Object({ success: Type.Literal(true), data: Type.Object({ actor: Type.String() }) }),
          401: ErrorResponseSchema,
        },
      },
    },
    async (request) => ({ success: true as const, data: { actor: request.actor } }),
  );

  const Code = Type.Object({ code: Type.String({ maxLength: 64 }) });

  /** The registration a partner code completed (from the log, not a read model). */
  async function registrationOfCode(raw: string): Promise<number> {
    const check = validatePartnerBookingCode(raw);
    if (!check.ok) throw badRequest(check.message);
    const used = await findFirstEvent<PartnerBookingUsed['data']>(app.sql, {
      streamId: partnerBookingStream(check.value).id,
      type: 'PartnerBookingUsed',
    });
    if (!used) throw notFound('No booking was made with this booking code');
    return Number(used.data.registrationId);
  }

  app.get(
    '/bookings/:code',
    {
      schema: {
        tags: ['partner'],
        summary: 'The status of the booking made with one of your booking codes',
        security: [{ apiKey: [] }],
        params: Code,
        response: {
          200: Envelope(PartnerBookingStatusSchema),
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          404: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const id = await registrationOfCode(request.params.code);
      const state = await existingRegistration(app.sql, id);
      return {
        success: true as const,
        data: {
          bookingCode: request.params.code,
          referenceNumber: state.referenceNumber!,
          status: toAdminStatus(state.status!),
          totalAmount: toMoneyString(state.pricing?.totalCents ?? 0),
          paidByPartner: toMoneyString(state.partner?.paidCents ?? 0),
          balanceDue: toMoneyString(outstandingCents(state)),
          cancelled: state.status === 'cancelled',
        },
      };
    },
  );

  app.post(
    '/bookings/:code/payments',
    {
      schema: {
        tags: ['partner'],
        summary: 'Report a payment you collected for a booking (idempotent per transactionId)',
        security: [{ apiKey: [] }],
        params: Code,
        body: Type.Object({
          transactionId: Type.String({ minLength: 1, maxLength: 100 }),
          amount: Type.Union([Type.Number(), Type.String({ maxLength: 20 })]),
        }),
        response: {
          200: Envelope(PartnerPaymentReportedSchema),
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          404: ErrorResponseSchema,
          409: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const id = await registrationOfCode(request.params.code);
      const cents = parseMoney(request.body.amount);
      if (cents === null || cents <= 0) throw badRequest('Invalid payment amount');
      const transactionId = `partner:${request.body.transactionId}`;
      const before = await existingRegistration(app.sql, id);
      if (!before.transactionIds.includes(transactionId) && cents > outstandingCents(before)) {
        throw conflict(
          `The amount is more than the balance due of ${toMoneyString(outstandingCents(before))}`,
        );
      }
      const { state } = await changeRegistration(
        app.sql,
        id,
        {
          type: 'RecordPayment',
          transactionId,
          amountCents: cents,
          method: 'partner',
          at: new Date().toISOString(),
        },
        { actor: request.actor, requestId: request.id },
      );
      return {
        success: true as const,
        data: {
          referenceNumber: state.referenceNumber!,
          status: toAdminStatus(state.status!),
          balanceDue: toMoneyString(outstandingCents(state)),
        },
      };
    },
  );
};

export default partner;
