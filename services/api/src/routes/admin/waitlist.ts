import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdminWaitlistEntrySchema,
  Envelope,
  ErrorResponseSchema,
  IdParams,
  MessageResponseSchema,
  WaitlistEntryIdParams,
} from '@hs/contracts';
import { leaveWaitlist } from '@hs/commands';
import { countActiveWaitlistByEvent, readWaitlistEntry, selectWaitlist } from '@hs/read-models';
import { Type } from '@sinclair/typebox';
import { notFound } from '../../errors';
import { adminEntryViews } from '../../waitlist';

export const WAITLIST_REMOVED_MESSAGE = 'Removed from the waiting list';

/** The back-office Waiting List of an event, and removing an entry (issue 22). */
const waitlist: FastifyPluginAsyncTypebox = async (app) => {
  const { sql } = app;

  app.get(
    '/events/:id/waitlist',
    {
      schema: {
        summary:
          'The waiting list of an event: active entries first by position (waiting or offered), then the ended ones (booked, expired, left, removed), newest first',
        params: IdParams,
        response: { 200: Envelope(Type.Array(AdminWaitlistEntrySchema)), 404: ErrorResponseSchema },
      },
    },
    async (request) => {
      const [event] = await sql`select 1 from screening_events where id = ${request.params.id}`;
      if (!event) throw notFound('Event not found');
      const rows = await selectWaitlist(sql, request.params.id);
      return { success: true as const, data: await adminEntryViews(sql, rows) };
    },
  );

  app.get(
    '/waitlist/counts',
    {
      schema: {
        summary: 'Per event, how many people wait or hold an offer, busiest first (the tab opens on it)',
        response: {
          200: Envelope(
            Type.Array(Type.Object({ eventId: Type.Integer(), active: Type.Integer({ minimum: 1 }) })),
          ),
        },
      },
    },
    async () => ({ success: true as const, data: await countActiveWaitlistByEvent(sql) }),
  );

  app.delete(
    '/waitlist/:id',
    {
      schema: {
        summary:
          'Remove an entry from its waiting list (an offer running is withdrawn and its seats freed); removing again answers the same',
        params: WaitlistEntryIdParams,
        response: { 200: MessageResponseSchema, 404: ErrorResponseSchema },
      },
    },
    async (request) => {
      const entry = await readWaitlistEntry(sql, request.params.id);
      if (!entry) throw notFound('Waiting list entry not found');
      await leaveWaitlist(sql, entry.id, 'staff', { actor: request.actor, requestId: request.id });
      return { success: true, message: WAITLIST_REMOVED_MESSAGE };
    },
  );
};

export default waitlist;
