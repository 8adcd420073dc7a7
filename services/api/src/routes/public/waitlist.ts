import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  Envelope,
  ErrorResponseSchema,
  MessageResponseSchema,
  WaitlistEntrySchema,
  WaitlistJoinRequestSchema,
  WaitlistJoinedSchema,
  WaitlistTokenParams,
} from '@hs/contracts';
import { hashWaitlistToken, joinWaitlist, leaveWaitlist } from '@hs/commands';
import { isLanguage } from '@hs/domain';
import { waitForPosition } from '@hs/eventstore';
import { readWaitlistEntryByTokenHash, waitlistPositionAt, waitlistProjection } from '@hs/read-models';
import { notFound } from '../../errors';
import { checkFirst, parseInput } from '../../validation';
import { checkEventAndPackage, entryView, waitlistJoinSchema } from '../../waitlist';

export const WAITLIST_ENTRY_NOT_FOUND = 'Waiting list entry not found';
export const WAITLIST_LEFT_MESSAGE = 'You have left the waiting list';

/**
 * The visitor's waiting list (issue 22): join when no slot is free, read the entry (and its offer)
 * by the emailed token, leave. The token is never stored: the read model keeps its hash.
 */
const waitlist: FastifyPluginAsyncTypebox<{ tokenSecret: string }> = async (app, opts) => {
  const { sql, rateLimits } = app;

  app.post(
    '/api/waitlist',
    {
      config: { rateLimit: rateLimits.booking },
      preValidation: checkFirst(waitlistJoinSchema),
      schema: {
        tags: ['public'],
        summary:
          'Join the waiting list of an event: one active entry per email and event; the answer is the entry id and its position, the link to the entry goes out by email',
        body: WaitlistJoinRequestSchema,
        response: {
          201: Envelope(WaitlistJoinedSchema),
          400: ErrorResponseSchema,
          404: ErrorResponseSchema,
          409: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const input = parseInput(waitlistJoinSchema, request.body);
      await checkEventAndPackage(sql, input.eventId, input.packageId);
      // The token goes out by email only (the worker derives it again from the log).
      const { language } = request.body as { language?: unknown };
      const joined = await joinWaitlist(sql, input, {
        actor: 'public',
        requestId: request.id,
        tokenSecret: opts.tokenSecret,
        // issue 46: the entry's emails are written in the language the visitor joined in
        ...(isLanguage(language) ? { language } : {}),
      });
      // The place in line is the order the projection applied the joins (the log's commit order), so
      // once it has applied this one, every join ahead of it is counted and none behind: two people
      // joining at the same moment never both hear the same place.
      if (joined.logPosition) await waitForPosition(sql, waitlistProjection.name, joined.logPosition, 2_000);
      const position = await waitlistPositionAt(sql, input.eventId, joined.id);
      return reply.status(201).send({ success: true as const, data: { id: joined.id, position } });
    },
  );

  app.get(
    '/api/waitlist/:token',
    {
      config: { rateLimit: rateLimits.lookup },
      schema: {
        tags: ['public'],
        summary: 'The waiting-list entry of an emailed token, with its position and the offer while one runs',
        params: WaitlistTokenParams,
        response: { 200: Envelope(WaitlistEntrySchema), 404: ErrorResponseSchema },
      },
    },
    async (request) => {
      const entry = await readWaitlistEntryByTokenHash(sql, hashWaitlistToken(request.params.token));
      if (!entry) throw notFound(WAITLIST_ENTRY_NOT_FOUND);
      return { success: true as const, data: await entryView(sql, entry) };
    },
  );

  app.delete(
    '/api/waitlist/:token',
    {
      config: { rateLimit: rateLimits.cancel },
      schema: {
        tags: ['public'],
        summary:
          'Leave the waiting list (an offer running is withdrawn and its seats freed); leaving again answers the same',
        params: WaitlistTokenParams,
        response: { 200: MessageResponseSchema, 404: ErrorResponseSchema },
      },
    },
    async (request) => {
      const tokenHash = hashWaitlistToken(request.params.token);
      const entry = await readWaitlistEntryByTokenHash(sql, tokenHash);
      if (!entry) throw notFound(WAITLIST_ENTRY_NOT_FOUND);
      // The log decides whose link it is: a lagging read model may still show an older join's token.
      await leaveWaitlist(sql, entry.id, 'customer', { actor: 'public', requestId: request.id, tokenHash });
      return { success: true, message: WAITLIST_LEFT_MESSAGE };
    },
  );
};

export default waitlist;
