import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { optOutOfSms, registrationOfSmsOptOutToken } from '@hs/commands';
import { Envelope, ErrorResponseSchema } from '@hs/contracts';
import { registrationDecider, registrationStream } from '@hs/domain';
import { aggregateStream } from '@hs/eventstore';
import { Type } from '@sinclair/typebox';
import { notFound } from '../../errors';

export const SMS_OPT_OUT_NOT_FOUND = 'This opt-out link is not valid';

const TokenParams = Type.Object({ token: Type.String({ minLength: 1, maxLength: 100 }) });
const OptOutStatusSchema = Type.Object({
  optedOut: Type.Boolean(),
  /** ISO time of the opt-out; null while SMS reminders are on. */
  optedOutAt: Type.Union([Type.String(), Type.Null()]),
});

/**
 * Opting out of SMS reminders (issue 26) from the link in every reminder: the token is the order's id
 * and its HMAC (the waiting-list links' secret, its own label), never stored. GET reads the status;
 * POST records SmsOptedOut once (again: the same answer).
 */
const smsOptOut: FastifyPluginAsyncTypebox<{ tokenSecret: string }> = async (app, opts) => {
  const { sql, rateLimits } = app;
  const registrationOf = (token: string) => {
    const id = registrationOfSmsOptOutToken(opts.tokenSecret, token);
    if (id === null) throw notFound(SMS_OPT_OUT_NOT_FOUND);
    return id;
  };

  // GET and POST share the link, its limit and their answers; only what they do differs.
  const route = (summary: string) => ({
    config: { rateLimit: rateLimits.booking },
    schema: {
      tags: ['public'],
      summary,
      params: TokenParams,
      response: { 200: Envelope(OptOutStatusSchema), 404: ErrorResponseSchema },
    },
  });

  app.get(
    '/api/sms-opt-out/:token',
    route('Whether the order of an SMS opt-out link has opted out of SMS reminders'),
    async (request) => {
      const id = registrationOf(request.params.token);
      const { state, events } = await aggregateStream(sql, registrationStream(id).id, registrationDecider);
      if (!state.exists) throw notFound(SMS_OPT_OUT_NOT_FOUND);
      const opted = events.find((e) => e.type === 'SmsOptedOut');
      return {
        success: true as const,
        data: { optedOut: !!opted, optedOutAt: opted ? (opted.data as { at: string }).at : null },
      };
    },
  );

  app.post(
    '/api/sms-opt-out/:token',
    route('Opt the order of an SMS opt-out link out of SMS reminders (recorded once; idempotent)'),
    async (request) => {
      const id = registrationOf(request.params.token);
      const result = await optOutOfSms(sql, id, { actor: 'customer:sms-opt-out' });
      if (!result.found) throw notFound(SMS_OPT_OUT_NOT_FOUND);
      return { success: true as const, data: { optedOut: true, optedOutAt: result.optedOutAt } };
    },
  );
};

export default smsOptOut;
