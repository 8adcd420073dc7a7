import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PublicRescheduleRequestSchema, PublicRescheduleResponses } from '@hs/contracts';
import { Type } from '@sinclair/typebox';
import { bookingForManage } from '../../booking/manage-access';
import { rescheduleOrder } from '../../booking/reschedule';

/**
 * The customer moves their booking to another slot of its event, up to the cut-off (issue 22). The
 * reference alone is not enough (issue 46): the body carries the manage link's token or a second
 * check (the booking's date of birth).
 */
const reschedule: FastifyPluginAsyncTypebox<{ cutoffHours: number; manageLinkSecret: string }> = async (
  app,
  opts,
) => {
  const { sql, rateLimits } = app;
  app.post(
    '/api/registrations/:referenceNumber/reschedule',
    {
      // Without the rate-limit plugin (RATE_LIMITS=off) this route config is simply unused.
      config: { rateLimit: rateLimits.cancel },
      // Each try counts as a lookup of the reference: a second check is not guessed by trying.
      preHandler: (request) => app.bookingLookups.take(request, request.params.referenceNumber),
      schema: {
        tags: ['public'],
        summary:
          "Move a booking to another timeslot of its event: its seats are taken on the new slot and freed on the old one in one step; refused within RESCHEDULE_CUTOFF_HOURS of the appointment. Price, participants and payments stay as they are. Needs the `token` of the manage link in the booking's emails, or the booking's `dateOfBirth` (and its `email` too when given; the email alone is no check, the lookup shows it): neither, or a forged or expired token, is a 403; a wrong date of birth or email answers as an unknown reference (404). Rate-limited per visitor and per reference (429)",
        params: Type.Object({ referenceNumber: Type.String({ maxLength: 40 }) }),
        body: PublicRescheduleRequestSchema,
        response: PublicRescheduleResponses,
      },
    },
    async (request) => {
      const { registrationId } = await bookingForManage(
        sql,
        opts.manageLinkSecret,
        request.params.referenceNumber,
        request.body,
        app.bookingLookups.guesses,
      );
      const data = await rescheduleOrder(
        sql,
        registrationId,
        request.body.timeslotId,
        { actor: 'public', requestId: request.id },
        opts.cutoffHours,
      );
      return { success: true as const, data };
    },
  );
};

export default reschedule;
