import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { GIVEN_BACK_PREFIX, recordPayNowRefund, settlePayNowPayment } from '@hs/commands';
import { ErrorResponseSchema } from '@hs/contracts';
import { REGISTRATION_MESSAGES, outstandingCents, toMoneyString } from '@hs/domain';
import {
  type PayNowGateway,
  PayNowGatewayError,
  type PayNowIntent,
  PayNowSignatureError,
  PayNowStateError,
  qrSvg,
} from '@hs/gateways';
import { Type } from '@sinclair/typebox';
import { changeRegistration, existingRegistration } from '../../booking/change';
import { createPaymentLock } from '../../booking/payment-lock';
import { HttpError, conflict } from '../../errors';
import { isPayNowSwitchedOn, isPaymentTestMode } from '../../settings';

export const PAYNOW_ROUTE_MESSAGES = {
  notOffered: 'PayNow is not available.',
  unreachable: 'Unable to connect to payment server.',
  cancelled: 'This registration has been cancelled',
  expired: 'This reservation has expired. Please book again.',
  notTestMode: 'Simulated payments are only available in payment test mode.',
  notOpen: 'This PayNow QR is not open for this registration.',
  refused: 'PayNow cannot take this payment. Please pay by card.',
  inProgress: 'A PayNow payment for this booking is being processed. Please wait a moment.',
} as const;

const PayNowIntentAnswer = Type.Object({
  success: Type.Literal(true),
  data: Type.Object({
    paymentIntentId: Type.String(),
    /** The EMVCo PayNow payload the QR encodes. */
    qrData: Type.String(),
    /** The QR as SVG markup, drawn by the server from qrData. */
    qrSvg: Type.String(),
    /** The balance due the QR asks for, dollars as a 2-decimal string. */
    amount: Type.String(),
    /** When the seats stop being held (ISO, UTC); null for an order without a hold. */
    expiresAt: Type.Union([Type.String(), Type.Null()]),
    reference: Type.String(),
    testMode: Type.Boolean(),
  }),
});
const ERRORS = {
  400: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
  502: ErrorResponseSchema,
  503: ErrorResponseSchema,
};

const actor = 'public';

/**
 * PayNow (issue 48): a QR for the exact balance due, one open per order, paid when Stripe's signed
 * webhook (or the worker's sweeper, for a webhook that never came) says so. Cards stay on Braintree.
 */
/**
 * `offered`: PAYNOW_ENABLED. Off, no new QR is made, but the gateway (there whenever Stripe's keys are)
 * still takes webhooks and refunds of the QRs already paid, so no PayNow money is stranded.
 */
const paynow: FastifyPluginAsyncTypebox<{ offered: boolean }> = async (app, opts) => {
  const { sql } = app;
  const withPaymentLock = createPaymentLock(sql);
  const gateway = (): PayNowGateway => {
    if (!app.payNow) throw new HttpError(404, PAYNOW_ROUTE_MESSAGES.notOffered);
    return app.payNow;
  };
  /** New QRs only while staff offer PayNow; webhooks and refunds of QRs already made always go on. */
  const offered = async (): Promise<PayNowGateway> => {
    const payNow = gateway();
    if (!opts.offered || !(await isPayNowSwitchedOn(sql)))
      throw new HttpError(404, PAYNOW_ROUTE_MESSAGES.notOffered);
    return payNow;
  };
  const unreachable = (err: unknown): never => {
    if (err instanceof PayNowGatewayError) throw new HttpError(502, PAYNOW_ROUTE_MESSAGES.unreachable);
    throw err;
  };
  /** Stripe refused to make the QR (an amount below its minimum, say): nothing was made. */
  const refusedOrUnreachable = (err: unknown): never => {
    if (err instanceof PayNowStateError) throw conflict(PAYNOW_ROUTE_MESSAGES.refused);
    return unreachable(err);
  };
  /**
   * The open QR goes before another is made. It may end otherwise at Stripe: gone, cancelled or
   * failed already is fine; one being paid right now (processing) must not get a twin.
   */
  const cancelBeforeReplacing = async (payNow: PayNowGateway, intentId: string) => {
    try {
      await payNow.cancelIntent(intentId);
    } catch (err) {
      if (!(err instanceof PayNowStateError)) return unreachable(err);
      const status = err.intent?.status;
      if (err.code === 'resource_missing' || status === 'canceled' || status === 'requires_payment_method')
        return;
      throw conflict(PAYNOW_ROUTE_MESSAGES.inProgress);
    }
  };

  app.get(
    '/api/payments/methods',
    {
      schema: {
        tags: ['public'],
        summary: 'How a customer can pay: cards always; PayNow when it is set up (issue 48)',
        response: {
          200: Type.Object({
            success: Type.Literal(true),
            data: Type.Object({ card: Type.Boolean(), paynow: Type.Boolean(), testMode: Type.Boolean() }),
          }),
        },
      },
    },
    async () => ({
      success: true as const,
      data: {
        card: true,
        paynow: app.payNow !== null && opts.offered && (await isPayNowSwitchedOn(sql)),
        testMode: await isPaymentTestMode(sql, app.paymentTestModeDefault),
      },
    }),
  );

  app.post(
    '/api/payments/paynow',
    {
      config: { rateLimit: app.rateLimits.booking },
      schema: {
        tags: ['public'],
        summary:
          'A PayNow QR for the balance due of a registration (asking again answers the open one, or replaces it when the balance changed)',
        body: Type.Object({ registrationId: Type.Integer({ minimum: 1 }) }),
        response: { 201: PayNowIntentAnswer, ...ERRORS },
      },
    },
    async (request, reply) => {
      const { registrationId } = request.body;
      const payNow = await offered();
      const intent = await withPaymentLock(registrationId, async () => {
        let state = await existingRegistration(sql, registrationId);
        const open = state.payNowIntent;
        if (open) {
          const current = await payNow.retrieveIntent(open.intentId).catch(unreachable);
          if (current?.status === 'succeeded') {
            // Paid, and its webhook not here yet: settled now, then what is still owed, if anything.
            await settlePayNowPayment(sql, payNow, { ...current, registrationId }, { actor }).catch(
              unreachable,
            );
            state = await existingRegistration(sql, registrationId);
          } else if (
            current?.status === 'requires_action' &&
            current.amountCents === outstandingCents(state)
          ) {
            return current;
          }
        }
        if (state.status === 'cancelled') throw conflict(PAYNOW_ROUTE_MESSAGES.cancelled);
        // The hold ran out a moment ago and the sweeper has not expired it yet: no QR past the hold.
        const holdOver = state.holdUntil !== null && Date.parse(state.holdUntil) <= Date.now();
        if (state.status === 'expired' || (state.status === 'pending_payment' && holdOver))
          throw conflict(PAYNOW_ROUTE_MESSAGES.expired);
        const due = outstandingCents(state);
        if (due <= 0) throw conflict(REGISTRATION_MESSAGES.nothingToPay);
        if (state.payNowIntent) await cancelBeforeReplacing(payNow, state.payNowIntent.intentId);
        const created: PayNowIntent = await payNow
          .createIntent({
            amountCents: due,
            registrationId,
            reference: state.referenceNumber ?? String(registrationId),
            // A retry after a lost answer gets the same intent back from Stripe.
            idempotencyKey: `paynow:${registrationId}:${state.payNowIntentCount + 1}:${due}`,
          })
          .catch(refusedOrUnreachable);
        try {
          await changeRegistration(
            sql,
            registrationId,
            {
              type: 'OpenPayNowIntent',
              intentId: created.id,
              amountCents: due,
              at: new Date().toISOString(),
            },
            { actor, requestId: request.id },
          );
        } catch (err) {
          // Refused (the hold ran out meanwhile): the QR made at Stripe must not stay payable.
          await payNow.cancelIntent(created.id).catch(() => undefined);
          throw err;
        }
        return created;
      });
      const state = await existingRegistration(sql, registrationId);
      return reply.status(201).send({
        success: true,
        data: {
          paymentIntentId: intent.id,
          qrData: intent.qrData,
          qrSvg: await qrSvg(intent.qrData),
          amount: toMoneyString(intent.amountCents),
          expiresAt: state.holdUntil,
          reference: state.referenceNumber ?? '',
          // "Simulate PayNow payment" works against the fake Stripe server only
          testMode: Boolean(app.payNowFakeUrl) && (await isPaymentTestMode(sql, app.paymentTestModeDefault)),
        },
      });
    },
  );

  // Stripe signs the exact bytes it sent: this route reads its body raw (its own content parser).
  await app.register(async (raw) => {
    raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
      done(null, body),
    );
    raw.post(
      '/api/payments/stripe/webhook',
      {
        schema: {
          tags: ['public'],
          summary:
            "Stripe's webhook: a signed payment_intent.succeeded records the PayNow payment once (unsigned or forged: 400)",
          response: {
            200: Type.Object({ received: Type.Boolean() }),
            400: ErrorResponseSchema,
            404: ErrorResponseSchema,
            502: ErrorResponseSchema,
          },
        },
      },
      async (request) => {
        const payNow = gateway();
        const signature = request.headers['stripe-signature'];
        let event: ReturnType<PayNowGateway['parseWebhook']>;
        try {
          event = payNow.parseWebhook(
            request.body as Buffer,
            typeof signature === 'string' ? signature : undefined,
          );
        } catch (err) {
          if (err instanceof PayNowSignatureError) throw new HttpError(400, err.message);
          throw err;
        }
        if (event.kind === 'intent' && event.type === 'payment_intent.succeeded') {
          // An intent of an order this database does not know (another deployment's) is not ours.
          if (!(await knownOrder(event.intent.registrationId))) return { received: true };
          // Stripe unreachable while a refund is due: 502, and Stripe delivers the webhook again.
          try {
            // Under the order's payment lock: Stripe's duplicate deliveries settle one after the other
            // (the second finds it paid), never racing to revive an expired order twice (a 409).
            await withPaymentLock(event.intent.registrationId, () =>
              settlePayNowPayment(sql, payNow, event.intent, { actor: 'stripe', requestId: request.id }),
            );
          } catch (err) {
            if (!(err instanceof PayNowStateError)) return unreachable(err);
            // Stripe refused to give back a payment the order cannot keep: a retry would not help.
            request.log.error(
              { registrationId: event.intent.registrationId, intentId: event.intent.id, err: err.message },
              'a PayNow payment for a closed or paid order could not be refunded; refund it by hand',
            );
          }
        }
        if (event.kind === 'refund' && event.refund.status !== 'pending') {
          const intent = await payNow.retrieveIntent(event.refund.intentId).catch(unreachable);
          if (intent && (await knownOrder(intent.registrationId))) {
            const outcome = await recordPayNowRefund(sql, intent.registrationId, event.refund, {
              actor: 'stripe',
              requestId: request.id,
            });
            if (
              outcome === 'not ours' &&
              event.refund.status !== 'succeeded' &&
              event.refund.refundKey.startsWith(GIVEN_BACK_PREFIX)
            ) {
              request.log.error(
                { registrationId: intent.registrationId, intentId: intent.id, refundId: event.refund.id },
                'the refund of a PayNow payment for a closed or paid order failed; refund it by hand',
              );
            }
          }
        }
        return { received: true };
      },
    );
  });

  app.post(
    '/api/payments/paynow/:paymentIntentId/simulate',
    {
      config: { rateLimit: app.rateLimits.booking },
      schema: {
        tags: ['public'],
        summary:
          'Payment test mode only: the fake Stripe server pays this PayNow QR as a banking app would (the webhook then records it)',
        params: Type.Object({ paymentIntentId: Type.String({ pattern: '^pi_[A-Za-z0-9]{1,100}$' }) }),
        body: Type.Object({ registrationId: Type.Integer({ minimum: 1 }) }),
        response: { 200: Type.Object({ success: Type.Literal(true) }), ...ERRORS, 403: ErrorResponseSchema },
      },
    },
    async (request) => {
      gateway();
      const fakeUrl = app.payNowFakeUrl;
      if (!fakeUrl || !(await isPaymentTestMode(sql, app.paymentTestModeDefault))) {
        throw new HttpError(403, PAYNOW_ROUTE_MESSAGES.notTestMode);
      }
      const state = await existingRegistration(sql, request.body.registrationId);
      if (state.payNowIntent?.intentId !== request.params.paymentIntentId) {
        throw conflict(PAYNOW_ROUTE_MESSAGES.notOpen);
      }
      const res = await fetch(
        `${fakeUrl}/__fake/payment_intents/${encodeURIComponent(request.params.paymentIntentId)}/pay`,
        { method: 'POST' },
      ).catch(() => null);
      if (!res?.ok) throw new HttpError(502, PAYNOW_ROUTE_MESSAGES.unreachable);
      return { success: true as const };
    },
  );

  async function knownOrder(registrationId: number): Promise<boolean> {
    if (!Number.isSafeInteger(registrationId) || registrationId < 1) return false;
    try {
      await existingRegistration(sql, registrationId);
      return true;
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 404) return false;
      if ((err as { code?: string }).code === 'NOT_FOUND') return false;
      throw err;
    }
  }
};

export default paynow;
