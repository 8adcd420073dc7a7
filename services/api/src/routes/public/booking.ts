import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { BookedResponseSchema, ErrorResponseSchema, LanguageSchema } from '@hs/contracts';
import {
  amountMatches,
  parseMoney,
  type RegistrationRequest,
  registrationRequestSchema,
  SIMPLE_REGISTRATION_MESSAGES,
  simpleRegistrationSchema,
  toMoneyString,
} from '@hs/domain';
import { formatPosition } from '@hs/eventstore';
import { Type } from '@sinclair/typebox';
import * as v from 'valibot';
import { bookRegistration, createRegistrationIds } from '../../booking/book';
import { priceOrderRequest } from '../../booking/order';
import { createPricingReads } from '../../booking/pricing-read';
import { SlotRefusalSchema, withFreshSlotsOnRefusal } from '../../booking/fresh-slots';
import { createSlotQueue } from '../../booking/slot-queue';
import { forgetHandles } from '../../myinfo/store';
import { badRequest } from '../../errors';
import { noticeVersionFrom } from '../../privacy-notice';
import { parseInput } from '../../validation';

/** The booking body (checked in full by the domain's schema); `language` is typed here for the OpenAPI. */
const BookingBody = Type.Object(
  {
    language: Type.Optional(LanguageSchema),
    myinfoHandle: Type.Optional(
      Type.String({
        description:
          "Issue 49: the handle of the person's Myinfo retrieval (also on each of `participants`): the identification number, date of birth and sex must be Myinfo's (400), within 60 minutes of the retrieval (409 'This Myinfo retrieval has expired. Please retrieve it again or enter your details.'); the participant records identitySource myinfo, and the handle is used up",
      }),
    ),
  },
  { additionalProperties: true },
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
    programmePass: null,
    shareNameWithEmployer: false,
    privacyConsent: b.privacyConsent === true,
    participants: [],
  } as RegistrationRequest;
}

/** Booking: the order priced on the server, its seats and code reserved in one append. */
const booking: FastifyPluginAsyncTypebox = async (app) => {
  const { sql, rateLimits } = app;
  const slotQueue = createSlotQueue();
  const pricingReads = createPricingReads(sql);
  const nextRegistrationId = createRegistrationIds(sql);

  app.post(
    '/api/registrations',
    {
      config: { rateLimit: rateLimits.booking },
      schema: {
        tags: ['public'],
        summary:
          "Book: prices on the server, reserves seats and the code in one transaction; an optional `waitlistToken` (the waiting-list email's link token) books the seats its live offer holds (404 unknown, 409 'This offer has expired', 400 another slot or more people than the offer's seats); an optional `privacyConsent: true` records the customer's consent to the privacy notice in force (without it the booking records that none was given); an optional `language` (en, zh, ms, ta; absent = en) is recorded and the customer's emails are written in it",
        body: BookingBody,
        response: {
          201: BookedResponseSchema,
          400: ErrorResponseSchema,
          404: ErrorResponseSchema,
          409: SlotRefusalSchema,
          429: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const req = parseBooking(request.body);
      // The slot is read in the pricing statement; observed first, so its turn knows if it is still fresh.
      const observed = slotQueue.observe(req.timeslotId);
      // The hold and the privacy notice in force ride in the pricing statement too, and the requests
      // that arrive together are priced in one statement (pricing-read.ts).
      // The insurer is asked only for whoever opted in (isAiaMember), under the member-check limits.
      const order = await priceOrderRequest(sql, app.memberChecks.verifierFor(request), req, {
        read: pricingReads.read,
      });
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
      const booked = await withFreshSlotsOnRefusal(sql, order.event.id, order.timeslot.id, () =>
        order.waitlist
          ? bookRegistration(
              sql,
              req,
              order,
              { actor: 'public', requestId: request.id, holdSeconds, noticeVersion },
              registrationId,
            )
          : slotQueue.bookInTurn(
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
            ),
      );
      // each Myinfo retrieval books once (issue 49)
      await forgetHandles(sql, [req.myinfoHandle, ...req.participants.map((p) => p.myinfoHandle)]);
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
};

export default booking;
