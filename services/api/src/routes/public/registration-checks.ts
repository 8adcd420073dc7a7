import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DiscountValidateResponseSchema,
  Envelope,
  ErrorResponseSchema,
  MembershipVerifyResponseSchema,
  QuoteSchema,
} from '@hs/contracts';
import {
  DISCOUNT_MESSAGES,
  type PriceBreakdown,
  memberVerificationSchema,
  parseMoney,
  registrationRequestSchema,
  toMoneyString,
} from '@hs/domain';
import { Type } from '@sinclair/typebox';
import * as v from 'valibot';
import { evaluateCode, priceOrderRequest } from '../../booking/order';
import { badRequest } from '../../errors';
import { parseInput } from '../../validation';

const Loose = Type.Object({}, { additionalProperties: true });
/** S$1 billion: far beyond any order, and the percentage of it still an exact integer. */
const MAX_SUBTOTAL_CENTS = 100_000_000_000;

function breakdown(
  pricing: PriceBreakdown,
  participants: { firstName: string; lastName: string; packageName: string }[],
  discountLabel: string | null,
) {
  return {
    participants: pricing.participants.map((p, i) => ({
      name: `${participants[i]?.firstName ?? ''} ${participants[i]?.lastName ?? ''}`.trim(),
      packageName: participants[i]?.packageName ?? '',
      basePrice: toMoneyString(p.basePriceCents),
      appliedPrice: toMoneyString(p.appliedPriceCents),
      memberPrice: p.usedMemberPrice,
      volumeDiscount: toMoneyString(p.volumeDiscountCents),
      lineTotal: toMoneyString(p.lineTotalCents),
    })),
    participantCount: pricing.participantCount,
    volumeDiscountPercent: pricing.volumeDiscountPercent,
    baseTotal: toMoneyString(pricing.baseTotalCents),
    memberDiscount: toMoneyString(pricing.memberDiscountCents),
    volumeDiscount: toMoneyString(pricing.volumeDiscountCents),
    subtotal: toMoneyString(pricing.subtotalCents),
    discountAmount: toMoneyString(pricing.discountCents),
    discountLabel,
    gst: toMoneyString(pricing.gstCents),
    total: toMoneyString(pricing.totalCents),
    partnerPaid: toMoneyString(pricing.partnerPaidCents),
    balanceDue: toMoneyString(pricing.balanceDueCents),
  };
}

/** Before booking: the member check, the code check and the quote. */
const registrationChecks: FastifyPluginAsyncTypebox = async (app) => {
  const { sql, rateLimits } = app;

  app.post(
    '/api/verify-aia-healthshield',
    {
      config: { rateLimit: rateLimits.discountValidate },
      schema: {
        tags: ['public'],
        summary: 'Check AIA Health Shield membership (NRIC/FIN and date of birth); 5 s time-out',
        description:
          'Asked only when the visitor ticks "I am an AIA Health Shield member" (issue 46). Rate-limited: ' +
          'distinct number-and-birth-date pairs per visitor (MEMBER_CHECK_LIMIT_PER_VISITOR, default 20) and ' +
          'distinct birth dates per identification number (MEMBER_CHECK_LIMIT_PER_ID, default 5) in ' +
          'MEMBER_CHECK_WINDOW_MINUTES (default 10); the same pair asked again counts once. Over a limit: ' +
          '429 with a message and Retry-After, and the insurer is not asked.',
        body: Loose,
        response: { 200: MembershipVerifyResponseSchema, 400: ErrorResponseSchema, 429: ErrorResponseSchema },
      },
    },
    async (request) => {
      const input = parseInput(memberVerificationSchema, request.body);
      await app.memberChecks.take(request, input.identificationNumber, input.dateOfBirth);
      try {
        const answer = await app.memberVerifier.verify(input);
        return {
          ...answer,
          success: answer.status === 'success' || answer.benefitProfileData?.succeeded === true,
        };
      } catch (err) {
        request.log.warn({ err: (err as Error).message }, 'member verification failed');
        return {
          success: false,
          status: 'error',
          isAiaMember: false,
          message: 'Unable to verify AIA Health Shield status',
        };
      }
    },
  );

  app.post(
    '/api/discounts/validate',
    {
      config: { rateLimit: rateLimits.discountValidate },
      schema: {
        tags: ['public'],
        summary: 'Check a discount code against a subtotal',
        body: Loose,
        response: {
          200: DiscountValidateResponseSchema,
          400: ErrorResponseSchema,
          404: ErrorResponseSchema,
          409: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const input = parseInput(
        v.object({
          code: v.pipe(
            v.optional(v.string('Please enter a discount code'), ''),
            v.trim(),
            v.nonEmpty('Please enter a discount code'),
          ),
          subtotal: v.optional(v.union([v.number(), v.string()]), 0),
          isAiaMember: v.optional(v.boolean(), false),
        }),
        request.body,
      );
      // Not a number, negative, more than 2 decimals or absurdly large: refused, never read as 0.
      const subtotalCents = input.subtotal === '' ? 0 : parseMoney(input.subtotal);
      if (subtotalCents === null || subtotalCents < 0 || subtotalCents > MAX_SUBTOTAL_CENTS) {
        throw badRequest('Subtotal must be a valid amount', [
          { field: 'subtotal', message: 'Subtotal must be a valid amount' },
        ]);
      }
      const { result } = await evaluateCode(sql, {
        code: input.code,
        codeId: null,
        subtotalCents,
        isAiaMember: input.isAiaMember,
      });
      if (!result.ok) {
        // An unknown code is 404; a known one that cannot be used now (inactive, expired, used up) is 409.
        const status = result.message === DISCOUNT_MESSAGES.unknownCode ? 404 : 409;
        return reply.status(status).send({ success: false, message: result.message });
      }
      return {
        success: true as const,
        code: result.value.code,
        discountAmount: toMoneyString(result.value.discountAmountCents),
        type: result.value.type,
        description: result.value.description,
        discountIdentifierId: result.value.discountIdentifierId,
      };
    },
  );

  app.post(
    '/api/registrations/quote',
    {
      schema: {
        tags: ['public'],
        summary: 'Price an order as the server would book it, without booking',
        description:
          'The insurer is asked only for a person whose `isAiaMember` is true (the primary, and each ' +
          'participant), under the member-check rate limits (429 over them); otherwise standard prices. A ' +
          "code that cannot combine with the member price answers 409 'This code cannot be combined with " +
          "the AIA member price.'",
        body: Loose,
        response: {
          200: Envelope(QuoteSchema),
          400: ErrorResponseSchema,
          404: ErrorResponseSchema,
          409: ErrorResponseSchema,
          429: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const req = parseInput(registrationRequestSchema, request.body);
      const order = await priceOrderRequest(sql, app.memberChecks.verifierFor(request), req);
      return {
        success: true as const,
        data: breakdown(order.pricing, order.participants, order.discount?.label ?? null),
      };
    },
  );
};

export default registrationChecks;
