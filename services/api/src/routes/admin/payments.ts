import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponseSchema, PaymentTestModeResponseSchema } from '@hs/contracts';
import { Type } from '@sinclair/typebox';
import { audit } from '../../audit';
import type { ApiConfig } from '../../config';
import { PAYMENT_TEST_MODE, isPaymentTestMode } from '../../settings';
import { parseInput } from '../../validation';
import { TestModeInput } from './inputs';

function mask(value: string | undefined): string {
  if (!value) return 'not configured';
  return `${'•'.repeat(Math.max(4, value.length - 4))}${value.slice(-4)}`;
}

/** Payment test mode switch (system_settings) and the read-only provider block of the Payments tab. */
const payments: FastifyPluginAsyncTypebox<{ braintree: ApiConfig['braintree'] }> = async (app, opts) => {
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
    { schema: { tags: ['admin'], response: { 200: PaymentTestModeResponseSchema } } },
    async () => {
      const testMode = await isPaymentTestMode(sql);
      return answer(testMode, testMode ? 'Payment test mode is enabled' : 'Payment test mode is disabled');
    },
  );

  app.post(
    '/payments/test-mode',
    {
      schema: {
        tags: ['admin'],
        body: Type.Object({ enabled: Type.Boolean() }),
        response: { 200: PaymentTestModeResponseSchema, 400: ErrorResponseSchema },
      },
      // 'enabled must be true or false' for a missing or non-boolean flag, before the generic check.
      preValidation: async (request) => {
        request.body = parseInput(TestModeInput, request.body ?? {});
      },
    },
    async (request) => {
      const { enabled } = request.body;
      await sql.begin(async (tx) => {
        const before = await isPaymentTestMode(tx);
        await tx`
          insert into system_settings (setting_key, setting_value, description, last_updated_by)
          values (${PAYMENT_TEST_MODE}, ${String(enabled)}, 'Card payments use the test gateway', ${request.actor})
          on conflict (setting_key) do update set setting_value = excluded.setting_value,
            last_updated_by = excluded.last_updated_by`;
        await audit(tx, {
          actor: request.actor,
          action: 'update',
          entity: 'system_setting',
          entityId: PAYMENT_TEST_MODE,
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
};

export default payments;
