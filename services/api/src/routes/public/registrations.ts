import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  BookedResponseSchema,
  DiscountValidateResponseSchema,
  Envelope,
  ErrorResponseSchema,
  LanguageSchema,
  MembershipVerifyResponseSchema,
  QuoteSchema,
  RegistrationLookupSchema,
  StatusChangeSchema,
} from '@hs/contracts';
import {
  DISCOUNT_MESSAGES,
  amountMatches,
  memberVerificationSchema,
  normalizeReferenceNumber,
  parseMoney,
  type RegistrationRequest,
  type RegistrationState,
  registrationRequestSchema,
  SIMPLE_REGISTRATION_MESSAGES,
  simpleRegistrationSchema,
  isReleasedStatus,
  toMoneyString,
} from '@hs/domain';
import { appointmentStart, ensureCheckInToken } from '@hs/commands';
import { formatPosition, parsePosition, waitForPosition } from '@hs/eventstore';
import { ordersProjection, readOrder } from '@hs/read-models';
import { Type } from '@sinclair/typebox';
import * as v from 'valibot';
import { bookRegistration, createRegistrationIds } from '../../booking/book';
import { cancellationRefundNow, cancellationRefundView } from '../../booking/cancellation';
import { changeRegistration, existingRegistration } from '../../booking/change';
import { publicView } from '../../booking/lookup';
import { evaluateCode, priceOrderRequest } from '../../booking/order';
import { createPricingReads } from '../../booking/pricing-read';
import { refundIdFor, refundOrder } from '../../booking/refund';
import { badRequest } from '../../errors';
import { createSlotQueue } from '../../booking/slot-queue';
import { parseInput } from '../../validation';
import { ignoreEmptyBody } from '../../no-body';
import { noticeVersionFrom } from '../../privacy-notice';

const Loose = Type.Object({}, { additionalProperties: true });
/** The booking body (checked in full by the domain's schema); `language` is typed here for the OpenAPI. */
const BookingBody = Type.Object({ language: Type.Optional(LanguageSchema) }, { additionalProperties: true });
const Id = Type.Object({ id: Type.Integer({ minimum: 1 }) });
/** S$1 billion: far beyond any order, and the percentage of it still an exact integer. */
const MAX_SUBTOTAL_CENTS = 100_000_000_000;

function breakdown(
  pricing: import('@hs/domain').PriceBreakdown,
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

/** Booking, quote, member check, code check, lookup and cancel: the visitor's calls. */
const registrations: FastifyPluginAsyncTypebox<{ refundCutoffHours: number }> = async (app, opts) => {
  const { sql, rateLimits } = app;
  const slotQueue = createSlotQueue();
  const pricingReads = createPricingReads(sql);
  const nextRegistrationId = createRegistrationIds(sql);
  // Without the rate-limit plugin (RATE_LIMITS=off) this route config is simply unused.
  const limit = (rule: { max: number; timeWindow: string }) => ({ rateLimit: rule });

  app.post(
    '/api/verify-aia-healthshield',
    {
      config: limit(rateLimits.discountValidate),
      schema: {
        tags: ['public'],
        summary: 'Check AIA Health Shield membership (NRIC/FIN and date of birth); 5 s time-out',
        body: Loose,
        response: { 200: MembershipVerifyResponseSchema, 400: ErrorResponseSchema },
      },
    },
    async (request) => {
      const input = parseInput(memberVerificationSchema, request.body);
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
      config: limit(rateLimits.discountValidate),
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
        body: Loose,
        response: {
          200: Envelope(QuoteSchema),
          400: ErrorResponseSchema,
          404: ErrorResponseSchema,
          409: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const req = parseInput(registrationRequestSchema, request.body);
      const order = await priceOrderRequest(sql, app.memberVerifier, req);
      return {
        success: true as const,
        data: breakdown(order.pricing, order.participants, order.discount?.label ?? null),
      };
    },
  );

  /**
   * The older flow sends the simple request (no address or postal code); it books on the same command
   * path with those fields empty.
   */
  function parseBooking(body: unknown): RegistrationRequest {
    const b = (body ?? {}) as Record<string, unknown>;
    if (b.postalCode !== undefined || b.address !== undefined)
      return parseInput(registrationRequestSchema, body);
    // The form requires the box ticked; a request that says it was not is refused, one without the
    // field (the spec's simple request does not list it) is not.
    if (b.acceptTerms === false)
      throw badRequest(SIMPLE_REGISTRATION_MESSAGES.acceptTerms, [
        { field: 'acceptTerms', message: SIMPLE_REGISTRATION_MESSAGES.acceptTerms },
      ]);
    const { acceptTerms: _terms, ...entries } = simpleRegistrationSchema.entries;
    const simple = parseInput(v.object(entries), body);
    return {
      ...simple,
      gender: simple.gender,
      medicalConditions: simple.medicalConditions || null,
      postalCode: '',
      address: '',
      unitNumber: null,
      aiaMemberId: null,
      isAiaMember: false,
      discountCodeId: null,
      discountCode: null,
      total: null,
      totalAmount: null,
      whiteCoatBookingCode: null,
      isFromWhiteCoat: false,
      whiteCoatPaidAmount: null,
      isPaidInWhiteCoat: false,
      waitlistToken: null,
      privacyConsent: b.privacyConsent === true,
      participants: [],
    } as RegistrationRequest;
  }

  app.post(
    '/api/registrations',
    {
      config: limit(rateLimits.booking),
      schema: {
        tags: ['public'],
        summary:
          "Book: prices on the server, reserves seats and the code in one transaction; an optional `waitlistToken` (the waiting-list email's link token) books the seats its live offer holds (404 unknown, 409 'This offer has expired', 400 another slot or more people than the offer's seats); an optional `privacyConsent: true` records the customer's consent to the privacy notice in force (without it the booking records that none was given); an optional `language` (en, zh, ms, ta; absent = en) is recorded and the customer's emails are written in it",
        body: BookingBody,
        response: {
          201: BookedResponseSchema,
          400: ErrorResponseSchema,
          404: ErrorResponseSchema,
          409: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const req = parseBooking(request.body);
      // The slot is read in the pricing statement; observed first, so its turn knows if it is still fresh.
      const observed = slotQueue.observe(req.timeslotId);
      // The hold and the privacy notice in force ride in the pricing statement too, and the requests
      // that arrive together are priced in one statement (pricing-read.ts).
      const order = await priceOrderRequest(sql, app.memberVerifier, req, { read: pricingReads.read });
      const registrationId = await nextRegistrationId();
      const holdSeconds = app.paymentHoldSecondsFrom(order.settings?.holdMinutes);
      // The booking records consent (or its absence) against the notice in force now.
      const noticeVersion = noticeVersionFrom(order.settings?.privacyNotice);
      for (const sent of [req.total, req.totalAmount]) {
        // The client's total is only compared, never charged.
        if (
          sent !== null &&
          sent !== undefined &&
          !amountMatches(parseMoney(sent), order.pricing.totalCents)
        ) {
          request.log.warn(
            { sent, server: toMoneyString(order.pricing.totalCents) },
            'client total differs from server price; ignored',
          );
        }
      }
      // A claim of a waiting-list offer books seats held for it alone: it never waits behind, nor is
      // answered "fully booked" for, the slot's other bookings (the slot queue's shortcut).
      const booked = order.waitlist
        ? await bookRegistration(
            sql,
            req,
            order,
            { actor: 'public', requestId: request.id, holdSeconds, noticeVersion },
            registrationId,
          )
        : await slotQueue.bookInTurn(
            order.timeslot.id,
            (fresh) =>
              bookRegistration(
                sql,
                req,
                order,
                { actor: 'public', requestId: request.id, holdSeconds, noticeVersion },
                registrationId,
                fresh ? order.slotRead : undefined,
              ),
            observed,
          );
      return reply.status(201).send({
        success: true as const,
        data: {
          reference_number: booked.referenceNumber,
          referenceNumber: booked.referenceNumber,
          id: booked.registrationId,
          status: booked.status,
          totalAmount: toMoneyString(order.pricing.totalCents),
          balanceDue: toMoneyString(order.pricing.balanceDueCents),
          position: booked.position ? formatPosition(booked.position) : null,
        },
      });
    },
  );

  app.get(
    '/api/registrations/lookup/:referenceNumber',
    {
      config: limit(rateLimits.lookup),
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
      config: limit(rateLimits.cancel),
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

export default registrations;
