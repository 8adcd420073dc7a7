import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ClientTokenResponseSchema, ErrorResponseSchema, PaymentResultSchema } from '@hs/contracts';
import { REGISTRATION_MESSAGES, outstandingCents, parseMoney, toMoneyString } from '@hs/domain';
import { CommandRefusedError } from '@hs/eventstore';
import {
  PAYMENT_MESSAGES,
  PaymentGatewayError,
  PaymentNotConfiguredError,
  type SaleResult,
  isSuccessfulTransactionStatus,
} from '@hs/gateways';
import { Type } from '@sinclair/typebox';
import { changeRegistration, existingRegistration } from '../../booking/change';
import { STRANDED_CHARGE_MESSAGES, voidStrandedCharge } from '../../booking/stranded-charge';
import { HttpError, badRequest, conflict } from '../../errors';
import { createPaymentLock } from '../../booking/payment-lock';

const Id = Type.Object({ id: Type.Integer({ minimum: 1 }) });
const DataAnswer = Type.Object({ success: Type.Boolean(), data: Type.Unknown() });
/** The answers of a payment recorded on an order (POST .../payment, PATCH .../status). */
const PAYMENT_RECORD_RESPONSES = {
  200: DataAnswer,
  400: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};
const Amount = Type.Optional(Type.Union([Type.Number(), Type.String({ maxLength: 20 })]));

function gatewayFailure(err: unknown): never {
  if (err instanceof PaymentNotConfiguredError) throw new HttpError(503, PAYMENT_MESSAGES.notInitialized);
  if (err instanceof PaymentGatewayError) throw new HttpError(502, PAYMENT_MESSAGES.unreachable);
  throw err;
}

/** A refusal because the order closed (expired or cancelled) before its payment could be recorded. */
const closedBy = (err: unknown) =>
  err instanceof CommandRefusedError && (err.code === 'EXPIRED' || err.code === 'CANCELLED')
    ? (err.code as 'EXPIRED' | 'CANCELLED')
    : null;

/** The slot of an expired order has no room for it any more (or was closed to bookings). */
const slotGone = (err: unknown) =>
  err instanceof CommandRefusedError && (err.code === 'SLOT_FULL' || err.code === 'SLOT_NOT_AVAILABLE');

/**
 * Card payments: the charge is always the server's balance due, taken once. A registration is
 * locked (a session advisory lock, held on its own connection, not a transaction) while its card is
 * charged, so double-clicks and retries on any api host charge once; the idempotency key replays
 * the first answer. An expired order is revived first (its seats and code taken again), or refused
 * without a charge when its slot filled; a charge that meets an expiry or a cancellation anyway is
 * voided at once, so nobody pays for seats they do not hold.
 */
const payments: FastifyPluginAsyncTypebox = async (app) => {
  const { sql } = app;
  const withPaymentLock = createPaymentLock(sql);

  app.get(
    '/api/payments/client-token',
    {
      schema: {
        tags: ['public'],
        summary: 'A client token for the card drop-in (test mode: starts with test-)',
        response: {
          200: ClientTokenResponseSchema,
          502: ErrorResponseSchema,
          503: ErrorResponseSchema,
        },
      },
    },
    async () => {
      const gateway = await app.paymentGateway();
      try {
        return {
          success: true,
          token: await gateway.clientToken(),
          message: 'Client token generated',
          testMode: gateway.mode === 'test',
        };
      } catch (err) {
        gatewayFailure(err);
      }
    },
  );

  app.post(
    '/api/payments/process',
    {
      config: { rateLimit: app.rateLimits.booking },
      schema: {
        tags: ['public'],
        summary:
          'Charge the balance due of a registration (Idempotency-Key header or the nonce makes it safe to retry)',
        body: Type.Object({
          registrationId: Type.Optional(
            Type.Union([Type.Integer({ minimum: 1 }), Type.String({ maxLength: 20 })]),
          ),
          nonce: Type.Optional(Type.String({ maxLength: 4096 })),
          deviceData: Type.Optional(Type.String({ maxLength: 20_000 })),
          paymentType: Type.Optional(Type.String({ maxLength: 50 })),
          paymentDetails: Type.Optional(Type.Unknown()),
          amount: Amount,
        }),
        response: {
          200: PaymentResultSchema,
          400: ErrorResponseSchema,
          402: PaymentResultSchema,
          404: ErrorResponseSchema,
          409: ErrorResponseSchema,
          502: ErrorResponseSchema,
          503: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const registrationId = Number(request.body.registrationId);
      const nonce = request.body.nonce?.trim();
      if (!Number.isInteger(registrationId) || registrationId < 1)
        throw badRequest('registrationId is required');
      if (!nonce) throw badRequest('Payment method is required');
      const key =
        String(request.headers['idempotency-key'] ?? '').slice(0, 200) || `nonce:${registrationId}:${nonce}`;

      return withPaymentLock(registrationId, async (conn) => {
        const [previous] = await conn<{ response: { status: number; body: Record<string, unknown> } }[]>`
      select response from payment_attempts where idempotency_key = ${key}`;
        if (previous)
          return reply
            .status(previous.response.status as 200 | 402 | 409)
            .send(previous.response.body as never);

        const state = await existingRegistration(sql, registrationId);
        if (state.status === 'cancelled') throw conflict('This registration has been cancelled');
        const due = outstandingCents(state);
        if (due === 0) throw conflict('This registration has already been paid');
        const sent = request.body.amount === undefined ? null : parseMoney(request.body.amount);
        if (sent !== due) {
          throw conflict(
            `The amount does not match the balance due of ${toMoneyString(due)}. Nothing was charged.`,
          );
        }
        if (state.status === 'expired') {
          try {
            await changeRegistration(
              sql,
              registrationId,
              {
                type: 'ReviveExpired',
                holdSeconds: await app.paymentHoldSeconds(),
                at: new Date().toISOString(),
              },
              { actor: 'public', requestId: request.id },
            );
          } catch (err) {
            if (slotGone(err)) throw conflict(REGISTRATION_MESSAGES.expiredSlotGone);
            throw err;
          }
        }
        const gateway = await app.paymentGateway();
        let result: SaleResult;
        try {
          result = await gateway.sale({
            amountCents: due,
            nonce,
            deviceData: request.body.deviceData,
            orderId: state.referenceNumber!,
            idempotencyKey: key,
          });
        } catch (err) {
          gatewayFailure(err);
        }
        let status: 200 | 402 | 409 = 200;
        let body: { success: boolean; transactionId: string | null; message: string; amount: string };
        let closed: 'EXPIRED' | 'CANCELLED' | null = null;
        if (result.ok) {
          try {
            await changeRegistration(
              sql,
              registrationId,
              {
                type: 'RecordPayment',
                transactionId: result.transactionId,
                amountCents: result.amountCents,
                method: `${gateway.mode === 'test' ? 'test ' : ''}card${result.cardType ? ` (${result.cardType}${result.last4 ? ` ending ${result.last4}` : ''})` : ''}`,
                at: new Date().toISOString(),
              },
              { actor: 'public', requestId: request.id },
            );
          } catch (err) {
            closed = closedBy(err);
            if (!closed) throw err;
          }
        }
        if (result.ok && closed) {
          const voided = await voidStrandedCharge(
            sql,
            gateway,
            request.log,
            registrationId,
            { transactionId: result.transactionId, amountCents: result.amountCents, reason: closed },
            { actor: 'public', requestId: request.id },
          );
          if (!voided) {
            throw new HttpError(
              502,
              'Your payment was taken but this reservation closed meanwhile, and the charge could not be voided automatically. Please contact us for a refund.',
            );
          }
          status = 409;
          body = {
            success: false,
            transactionId: result.transactionId,
            message: STRANDED_CHARGE_MESSAGES[closed],
            amount: toMoneyString(due),
          };
        } else if (result.ok) {
          body = {
            success: true,
            transactionId: result.transactionId,
            message: 'Payment successful',
            amount: toMoneyString(due),
          };
        } else {
          status = 402;
          body = {
            success: false,
            transactionId: result.transactionId ?? null,
            message: result.declined ? PAYMENT_MESSAGES.failed : result.message,
            amount: toMoneyString(due),
          };
        }
        await conn`
      insert into payment_attempts (idempotency_key, registration_id, amount_cents, status, transaction_id, response)
      values (${key}, ${registrationId}, ${due}, ${status === 200 ? 'succeeded' : status === 402 ? 'declined' : 'failed'}, ${body.transactionId},
              ${conn.json({ status, body } as never)})`;
        return reply.status(status).send(body);
      });
    },
  );

  /** Records a payment only when this server can verify it; never on the client's word. */
  async function recordVerified(
    registrationId: number,
    transactionId: string | undefined,
    method: string | undefined,
    requestId: string,
  ) {
    const state = await existingRegistration(sql, registrationId);
    const due = outstandingCents(state);
    if (method === 'prepaid' || due === 0) {
      if (due > 0) throw conflict('A balance is still due; it must be paid by card');
      const { state: after } = await changeRegistration(
        sql,
        registrationId,
        { type: 'ConfirmCoveredBalance', at: new Date().toISOString() },
        { actor: 'public', requestId },
      );
      return after;
    }
    if (!transactionId) throw badRequest('transactionId is required');
    if (state.transactionIds.includes(transactionId)) return state;
    const gateway = await app.paymentGateway();
    let found: Awaited<ReturnType<typeof gateway.findTransaction>>;
    try {
      found = await gateway.findTransaction(transactionId);
    } catch (err) {
      gatewayFailure(err);
    }
    if (!found || found.orderId !== state.referenceNumber || !isSuccessfulTransactionStatus(found.status)) {
      throw new HttpError(403, 'This payment could not be verified for this registration');
    }
    const { state: after } = await changeRegistration(
      sql,
      registrationId,
      {
        type: 'RecordPayment',
        transactionId,
        amountCents: found.amountCents,
        method: 'card',
        at: new Date().toISOString(),
      },
      { actor: 'public', requestId },
    );
    return after;
  }

  app.post(
    '/api/registrations/:id/payment',
    {
      schema: {
        tags: ['public'],
        summary:
          'Record a payment this server can verify (a gateway transaction for this order, or prepaid with nothing due)',
        params: Id,
        body: Type.Object({
          transactionId: Type.Optional(Type.String({ maxLength: 100 })),
          amount: Amount,
          method: Type.Optional(Type.String({ maxLength: 30 })),
        }),
        response: PAYMENT_RECORD_RESPONSES,
      },
    },
    async (request) => {
      const state = await recordVerified(
        request.params.id,
        request.body.transactionId,
        request.body.method,
        request.id,
      );
      return {
        success: true,
        data: {
          id: request.params.id,
          status: state.status,
          balanceDue: toMoneyString(outstandingCents(state)),
        },
      };
    },
  );

  app.patch(
    '/api/registrations/:id/status',
    {
      schema: {
        tags: ['public'],
        summary: 'pending_payment -> paid, only when the balance is covered or the transaction is verified',
        params: Id,
        body: Type.Object({
          status: Type.Optional(Type.String({ maxLength: 30 })),
          transactionId: Type.Optional(Type.String({ maxLength: 100 })),
        }),
        response: PAYMENT_RECORD_RESPONSES,
      },
    },
    async (request) => {
      if (!request.body.status)
        throw badRequest('Status is required', [{ field: 'status', message: 'Status is required' }]);
      if (request.body.status !== 'paid')
        throw new HttpError(403, 'Only a payment can change the status of a booking');
      const state = await recordVerified(
        request.params.id,
        request.body.transactionId,
        request.body.transactionId ? 'card' : 'prepaid',
        request.id,
      );
      return { success: true, data: { id: request.params.id, status: state.status } };
    },
  );
};

export default payments;
