import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorResponseSchema,
  PartnerBookingRecordedSchema,
  PartnerCodeDataSchema,
  StatusChangeSchema,
} from '@hs/contracts';
import {
  PARTNER_BOOKING_MESSAGES,
  parseMoney,
  partnerBookingStream,
  partnerDataToHandoff,
  toMoneyString,
  validatePartnerBookingCode,
} from '@hs/domain';
import { PartnerRejectedError, PartnerUnavailableError } from '@hs/gateways';
import { findFirstEvent, formatPosition } from '@hs/eventstore';
import { type TSchema, Type } from '@sinclair/typebox';
import { changeRegistration } from '../../booking/change';
import { HttpError, badRequest, conflict, notFound } from '../../errors';
import { ignoreEmptyBody } from '../../no-body';

const Code = Type.Object({ code: Type.String({ maxLength: 64 }) });
const Id = Type.Object({ id: Type.Integer({ minimum: 1 }) });
/** The hand-off calls answer a message beside the data. */
const Answer = <T extends TSchema>(data: T) =>
  Type.Object({ success: Type.Literal(true), message: Type.String(), data });

/** The WhiteCoat hand-off: validate a booking code, record it, and confirm zero-balance partner bookings. */
const partner: FastifyPluginAsyncTypebox = async (app) => {
  const { sql } = app;

  async function fetchPartnerBooking(rawCode: string) {
    const check = validatePartnerBookingCode(rawCode);
    if (!check.ok) throw badRequest(check.message);
    let data: Awaited<ReturnType<typeof app.partner.getBooking>>;
    try {
      data = await app.partner.getBooking(check.value);
    } catch (err) {
      if (err instanceof PartnerUnavailableError || err instanceof PartnerRejectedError) {
        throw new HttpError(502, 'Failed to validate booking code. Please try again.');
      }
      throw err;
    }
    if (!data) throw notFound('Booking code not found. Please check the link and try again.');
    return { code: check.value, data };
  }

  app.get(
    '/api/wc/:code',
    {
      config: { rateLimit: app.rateLimits.lookup },
      schema: {
        tags: ['public'],
        summary: "The partner's patient data for a booking code, to prefill the booking",
        params: Code,
        response: {
          200: Answer(PartnerCodeDataSchema),
          400: ErrorResponseSchema,
          404: ErrorResponseSchema,
          502: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const { code, data } = await fetchPartnerBooking(request.params.code);
      const handoff = partnerDataToHandoff(code, data);
      const amount = parseMoney(data.packageInfo?.amount ?? null);
      return {
        success: true as const,
        message: 'Booking code validated',
        // The partner patient data in the spec's shape (section 3: name, email, nric, dateOfBirth, contact,
        // address {postalCode, unitNumber, street}, packageInfo {amount, isPaid}); the client maps it to
        // the prefill. Beside it, the code and the paid amount a booking with this code will use.
        data: {
          name: data.name ?? null,
          email: data.email ?? null,
          nric: data.nric ?? null,
          dateOfBirth: data.dateOfBirth ?? null,
          contact: data.contact ?? null,
          address: {
            postalCode: data.address?.postalCode ?? null,
            unitNumber: data.address?.unitNumber ?? null,
            street: data.address?.street ?? null,
          },
          packageInfo: {
            amount: amount === null || amount < 0 ? null : toMoneyString(amount),
            isPaid: data.packageInfo?.isPaid === true,
          },
          bookingCode: code,
          isPaidInWhiteCoat: handoff.isPaidInWhiteCoat,
          whiteCoatPaidAmount: toMoneyString(handoff.whiteCoatPaidCents),
        },
      };
    },
  );

  app.post(
    '/api/wc/create-registration',
    {
      config: { rateLimit: app.rateLimits.lookup },
      schema: {
        tags: ['public'],
        summary: "Record a partner booking code with the partner's paid amount; the booking then uses it",
        body: Type.Object({ bookingCode: Type.Optional(Type.String({ maxLength: 64 })) }),
        response: {
          200: Answer(PartnerBookingRecordedSchema),
          400: ErrorResponseSchema,
          404: ErrorResponseSchema,
          409: ErrorResponseSchema,
          502: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      if (!request.body.bookingCode) throw badRequest('Invalid URL. Please check the link and try again.');
      const { code, data } = await fetchPartnerBooking(request.body.bookingCode);
      const handoff = partnerDataToHandoff(code, data);
      const [row] = await sql<{ id: number }[]>`
        insert into partner_bookings (booking_code, paid_cents, is_paid)
        values (${code}, ${handoff.whiteCoatPaidCents}, ${handoff.isPaidInWhiteCoat})
        on conflict (booking_code) do update set paid_cents = excluded.paid_cents, is_paid = excluded.is_paid
        returning id`;
      const used = await findFirstEvent(sql, {
        streamId: partnerBookingStream(code).id,
        type: 'PartnerBookingUsed',
      });
      if (used) throw conflict(PARTNER_BOOKING_MESSAGES.alreadyUsed);
      return {
        success: true as const,
        message: 'Partner booking recorded',
        data: {
          id: row!.id,
          bookingCode: code,
          whiteCoatPaidAmount: toMoneyString(handoff.whiteCoatPaidCents),
          isPaidInWhiteCoat: handoff.isPaidInWhiteCoat,
        },
      };
    },
  );

  const confirm = async (id: number, actor: string, requestId: string) => {
    const { state, position } = await changeRegistration(
      sql,
      id,
      { type: 'ConfirmCoveredBalance', at: new Date().toISOString() },
      { actor, requestId },
    );
    return {
      success: true as const,
      message: 'Booking confirmed',
      data: { id, status: state.status!, position: position ? formatPosition(position) : null },
    };
  };
  for (const path of ['/api/registrations/:id/confirm-wc-booking', '/api/wc-confirm/:id']) {
    app.post(
      path,
      {
        onRequest: ignoreEmptyBody,
        schema: {
          tags: ['public'],
          summary: 'Confirm a booking whose balance the partner covered (pending_payment -> paid)',
          params: Id,
          response: { 200: Answer(StatusChangeSchema), 404: ErrorResponseSchema, 409: ErrorResponseSchema },
        },
      },
      async (request) => confirm(request.params.id, 'public', request.id),
    );
  }
};

export default partner;
