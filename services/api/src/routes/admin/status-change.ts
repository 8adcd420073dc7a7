import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, ErrorResponseSchema, IdParams, ROLES, StatusChangePreviewSchema } from '@hs/contracts';
import {
  TIMESLOT_MESSAGES,
  adminStatusChange,
  adminStatusPatchSchema,
  describeAdminStatusChange,
  statusChangeView,
  toMoneyString,
} from '@hs/domain';
import { readSeatsLeft } from '@hs/read-models';
import { Type } from '@sinclair/typebox';
import { existingRegistration } from '../../booking/change';
import { parseInput } from '../../validation';

/**
 * What `PATCH /api/admin/registrations/{id}` with this status would do, in words and figures (issue 45):
 * the dialog staff confirm shows it. Decided by the same domain function as the change itself; the
 * seats left come from the read model, so the change may still be refused if the slot filled meanwhile.
 */
const statusChange: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/registrations/:id/status-change',
    {
      config: { roles: ROLES.orderDesk },
      schema: {
        summary: "What setting an order's status would do to its seats and money, before staff confirm it",
        params: IdParams,
        querystring: Type.Object({ status: Type.String({ maxLength: 20 }) }),
        response: {
          200: Envelope(StatusChangePreviewSchema),
          400: ErrorResponseSchema,
          404: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      // A target staff may not set is refused as the PATCH refuses it.
      parseInput(adminStatusPatchSchema, { status: request.query.status });
      const state = await existingRegistration(app.sql, request.params.id);
      const view = statusChangeView(state);
      const change = adminStatusChange(view, request.query.status);
      const none = {
        seatsTaken: 0,
        seatsFreed: 0,
        seatsLeftAfter: null,
        owedAgain: '0.00',
        balanceAfter: '0.00',
      };
      if (!change.ok)
        return { success: true as const, data: { allowed: false, message: change.message, ...none } };
      const left = state.timeslotId === null ? null : await readSeatsLeft(app.sql, state.timeslotId);
      if (left !== null && change.seatsTaken > left) {
        const message = left === 0 ? TIMESLOT_MESSAGES.full : TIMESLOT_MESSAGES.notEnough(left);
        return { success: true as const, data: { allowed: false, message, ...none } };
      }
      const seatsLeftAfter = left === null ? null : left - change.seatsTaken + change.seatsFreed;
      return {
        success: true as const,
        data: {
          allowed: true,
          message: describeAdminStatusChange(view, change, seatsLeftAfter),
          seatsTaken: change.seatsTaken,
          seatsFreed: change.seatsFreed,
          seatsLeftAfter,
          owedAgain: toMoneyString(change.owedAgainCents),
          balanceAfter: toMoneyString(change.outstandingAfterCents),
        },
      };
    },
  );
};

export default statusChange;
