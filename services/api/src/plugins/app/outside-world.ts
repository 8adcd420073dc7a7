import {
  type MemberVerifier,
  type PartnerClient,
  type PayNowGateway,
  type PaymentGateway,
  createBraintreeGateway,
  createFakeMemberVerifier,
  createFakePartnerClient,
  createHttpMemberVerifier,
  createHttpPartnerClient,
  createSingpassGateway,
  createTestPaymentGateway,
  payNowGatewayFromSettings,
  type SingpassGateway,
} from '@hs/gateways';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ApiConfig } from '../../config';
import { isPaymentTestMode } from '../../settings';

export interface OutsideWorld {
  memberVerifier: MemberVerifier;
  partner: PartnerClient;
  payments: { test: PaymentGateway; live: PaymentGateway };
  /** PayNow through Stripe (issue 48); absent or null when Stripe is not configured (PayNow is not offered). */
  payNow?: PayNowGateway | null;
  /** The fake Stripe server PayNow talks to (tests, demo): its controls pay a QR in payment test mode. */
  payNowFakeUrl?: string;
  /** Singpass Myinfo (issue 49); absent or null when not configured (the button is not offered). */
  singpass?: SingpassGateway | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    memberVerifier: MemberVerifier;
    partner: PartnerClient;
    /** The gateway the admin's payment test-mode switch selects right now. */
    paymentGateway: () => Promise<PaymentGateway>;
    /** The live card gateway, whatever the switch says: what switching to live mode checks first (issue 45). */
    livePaymentGateway: PaymentGateway;
    /** Whether payment test mode is on before an admin sets the switch (ApiConfig.paymentTestModeDefault). */
    paymentTestModeDefault: boolean;
    /** PayNow through Stripe (issue 48); null when Stripe is not configured. */
    payNow: PayNowGateway | null;
    /** OutsideWorld.payNowFakeUrl. */
    payNowFakeUrl: string | undefined;
    /** Singpass Myinfo (issue 49); null when not configured. */
    singpass: SingpassGateway | null;
  }
}

/**
 * The insurer, the partner and the card gateway: real adapters when configured, the in-process
 * fakes otherwise (development and the demo). Tests pass their own.
 */
export function outsideWorldFromConfig(config: ApiConfig): OutsideWorld {
  return {
    memberVerifier: config.insurer.apiUrl
      ? createHttpMemberVerifier({
          url: config.insurer.apiUrl,
          apiKey: config.insurer.apiKey,
          timeoutMs: config.insurer.timeoutMs,
        })
      : createFakeMemberVerifier(),
    partner: config.partner.apiUrl
      ? createHttpPartnerClient({
          baseUrl: config.partner.apiUrl,
          apiKey: config.partner.apiKey,
          timeoutMs: config.partner.timeoutMs,
        })
      : createFakePartnerClient(),
    payments: {
      test: createTestPaymentGateway(),
      live: createBraintreeGateway({
        environment: config.braintree.environment,
        merchantId: config.braintree.merchantId,
        publicKey: config.braintree.publicKey,
        privateKey: config.braintree.privateKey,
        merchantAccountId: config.braintree.merchantAccountName,
      }),
    },
    // Whenever Stripe's keys are set: PAYNOW_ENABLED=false stops new QRs, not webhooks and refunds.
    payNow: payNowGatewayFromSettings(config.paynow),
    payNowFakeUrl: config.paynow.apiUrl,
    singpass: config.singpass ? createSingpassGateway(config.singpass) : null,
  };
}

export default fp(
  async (app: FastifyInstance, opts: { world: OutsideWorld; paymentTestModeDefault?: boolean }) => {
    const testModeDefault = opts.paymentTestModeDefault ?? true;
    app.decorate('memberVerifier', opts.world.memberVerifier);
    app.decorate('partner', opts.world.partner);
    app.decorate('paymentTestModeDefault', testModeDefault);
    app.decorate('livePaymentGateway', opts.world.payments.live);
    app.decorate('payNow', opts.world.payNow ?? null);
    app.decorate('payNowFakeUrl', opts.world.payNowFakeUrl);
    app.decorate('singpass', opts.world.singpass ?? null);
    app.decorate('paymentGateway', async () =>
      (await isPaymentTestMode(app.sql, testModeDefault))
        ? opts.world.payments.test
        : opts.world.payments.live,
    );
  },
  { name: 'outside-world', dependencies: ['db'] },
);
