import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  Envelope,
  ErrorResponseSchema,
  PaymentHoldInputSchema,
  PaymentProviderCheckSchema,
  PaymentHoldResponseSchema,
  PaymentTestModeResponseSchema,
} from '@hs/contracts';
import type { ApiConfig } from '../../config';
import {
  PAYMENT_HOLD_MINUTES,
  PAYMENT_TEST_MODE,
  PAYNOW_SWITCH,
  isPayNowSwitchedOn,
  isPaymentTestMode,
  saveSetting,
} from '../../settings';
import { Type } from '@sinclair/typebox';
import { stripeKeyMode } from '@hs/gateways';
import { conflict } from '../../errors';
import { paymentTestModeSchema } from '@hs/domain';
import { parseFirst } from '../../validation';
import { inputJsonSchema } from '../../validation-schema';
import { checkLivePayments } from './live-payments-check';

function mask(value: string | undefined): string {
  if (!value) return 'not configured';
  return `${'•'.repeat(Math.max(4, value.length - 4))}${value.slice(-4)}`;
}

/**
 * The Payments tab: the test mode switch and the payment hold (system_settings), and the read-only
 * provider block.
 */
const PayNowSettingsAnswer = Envelope(
  Type.Object({
    /** Customers are offered PayNow: set up and switched on. */
    offered: Type.Boolean(),
    switchedOn: Type.Boolean(),
    /** STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set. */
    configured: Type.Boolean(),
    /** From the key: Stripe's test or live mode; null without a key. */
    mode: Type.Union([Type.Literal('test'), Type.Literal('live'), Type.Null()]),
    secretKey: Type.String(),
    webhookSecret: Type.String(),
    /** The SDK talks to a local fake Stripe server (STRIPE_API_URL: tests and the demo). */
    fakeServer: Type.Boolean(),
    webhookPath: Type.String(),
  }),
);

export const PAYNOW_SWITCH_MESSAGES = {
  notConfigured:
    'PayNow cannot be turned on: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are not set on the server.',
} as const;

const payments: FastifyPluginAsyncTypebox<{
  braintree: ApiConfig['braintree'];
  paynow: ApiConfig['paynow'];
}> = async (app, opts) => {
  const { sql } = app;
  const bt = opts.braintree;
  const provider = {
    name: 'Braintree',
    environment: bt.environment,
    merchantId: mask(bt.merchantId),
    merchantAccountName: bt.merchantAccountName ?? 'not configured',
    configured: Boolean(bt.merchantId && bt.publicKey && bt.privateKey),
  };
  const answer = (testMode: boolean, message: string) => ({ success: true, testMode, message, provider });

  app.get(
    '/payments/test-mode',
    {
      schema: {
        summary: 'Whether payments run in test mode',
        response: { 200: PaymentTestModeResponseSchema },
      },
    },
    async () => {
      const testMode = await isPaymentTestMode(sql, app.paymentTestModeDefault);
      return answer(testMode, testMode ? 'Payment test mode is enabled' : 'Payment test mode is disabled');
    },
  );

  app.post(
    '/payments/test-mode',
    {
      schema: {
        summary: 'Switch payments between test and live mode (live only with a working live gateway)',
        body: inputJsonSchema(paymentTestModeSchema),
        response: { 200: PaymentTestModeResponseSchema, 400: ErrorResponseSchema, 409: ErrorResponseSchema },
      },
      // 'enabled must be true or false' for a missing or non-boolean flag, before the generic check.
      preValidation: parseFirst(paymentTestModeSchema),
    },
    async (request) => {
      const { enabled } = request.body;
      // Live mode only when it works (issue 45): the provider is configured and gives a client token.
      if (!enabled) {
        const check = await checkLivePayments(app.livePaymentGateway, bt);
        if (!check.ok) throw conflict(check.message);
      }
      await sql.begin(async (tx) => {
        const before = await isPaymentTestMode(tx, app.paymentTestModeDefault);
        await saveSetting(tx, {
          key: PAYMENT_TEST_MODE,
          value: String(enabled),
          description: 'Card payments use the test gateway',
          actor: request.actor,
          before: { testMode: before },
          after: { testMode: enabled },
        });
      });
      return answer(
        enabled,
        enabled ? 'Payment test mode enabled' : 'Payment test mode disabled: live payments',
      );
    },
  );

  app.post(
    '/payments/provider-check',
    {
      schema: {
        summary: 'Test connection: whether the live payment provider is configured and gives a client token',
        response: { 200: Envelope(PaymentProviderCheckSchema) },
      },
    },
    async () => {
      const check = await checkLivePayments(app.livePaymentGateway, bt);
      return { success: true as const, data: { ...check, checkedAt: new Date().toISOString() } };
    },
  );

  const payNowAnswer = async () => {
    const switchedOn = await isPayNowSwitchedOn(sql);
    const { secretKey, webhookSecret, apiUrl } = opts.paynow;
    return {
      success: true as const,
      data: {
        offered: app.payNow !== null && opts.paynow.enabled && switchedOn,
        switchedOn,
        configured: app.payNow !== null,
        mode: secretKey ? stripeKeyMode(secretKey) : null,
        secretKey: mask(secretKey),
        webhookSecret: mask(webhookSecret),
        fakeServer: Boolean(apiUrl),
        webhookPath: '/api/payments/stripe/webhook',
      },
    };
  };

  app.get(
    '/payments/paynow',
    {
      schema: {
        summary:
          'PayNow (issue 48): whether customers are offered it, and which Stripe keys are in use (masked)',
        response: { 200: PayNowSettingsAnswer },
      },
    },
    payNowAnswer,
  );

  app.put(
    '/payments/paynow',
    {
      schema: {
        summary: 'Turn PayNow on or off for customers (on needs the Stripe keys on the server)',
        body: Type.Object({ enabled: Type.Boolean() }),
        response: { 200: PayNowSettingsAnswer, 400: ErrorResponseSchema, 409: ErrorResponseSchema },
      },
    },
    async (request) => {
      const { enabled } = request.body;
      if (enabled && app.payNow === null) throw conflict(PAYNOW_SWITCH_MESSAGES.notConfigured);
      await sql.begin(async (tx) => {
        const before = await isPayNowSwitchedOn(tx);
        await saveSetting(tx, {
          key: PAYNOW_SWITCH,
          value: String(enabled),
          description: 'Customers may pay by PayNow',
          actor: request.actor,
          before: { enabled: before },
          after: { enabled },
        });
      });
      return payNowAnswer();
    },
  );

  const holdAnswer = async () => ({
    success: true,
    data: { holdMinutes: (await app.paymentHoldSeconds()) / 60 },
  });

  app.get(
    '/payments/hold',
    {
      schema: {
        summary: 'How long a booking awaiting payment holds its seats and code, in minutes',
        response: { 200: PaymentHoldResponseSchema },
      },
    },
    holdAnswer,
  );

  app.put(
    '/payments/hold',
    {
      schema: {
        summary: 'Set the payment hold (1 to 1440 minutes); bookings made from now on get it',
        body: PaymentHoldInputSchema,
        response: { 200: PaymentHoldResponseSchema, 400: ErrorResponseSchema },
      },
    },
    async (request) => {
      const { holdMinutes } = request.body;
      await sql.begin(async (tx) => {
        const before = (await app.paymentHoldSeconds()) / 60;
        await saveSetting(tx, {
          key: PAYMENT_HOLD_MINUTES,
          value: String(holdMinutes),
          description: 'Minutes a booking awaiting payment holds its seats and code',
          actor: request.actor,
          before: { holdMinutes: before },
          after: { holdMinutes },
        });
      });
      return holdAnswer();
    },
  );
};

export default payments;
