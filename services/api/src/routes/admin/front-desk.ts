import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DeskActionResultSchema,
  DeskPaymentRequestSchema,
  DeskPaymentResultSchema,
  Envelope,
  ErrorResponseSchema,
  IdParams,
  type StaffRole,
  UndoCheckInRequestSchema,
} from '@hs/contracts';
import { type DeskStaff, recordDeskPayment, undoCheckIn } from '@hs/commands';
import { parseMoney, toMoneyString } from '@hs/domain';
import type { FastifyRequest } from 'fastify';
import { partyFromState } from '../../check-in/party';

/** The front desk's money and corrections (issue 45): staff at the desk and admins. */
const DESK: readonly StaffRole[] = ['admin', 'front_desk'];

const staffOf = (request: FastifyRequest): DeskStaff => ({
  username: request.actor.replace(/^admin:/, ''),
  actor: request.actor,
  requestId: request.id,
});

/** Recording a payment taken at the desk, and taking a check-in back. */
const frontDesk: FastifyPluginAsyncTypebox = async (app) => {
  const { sql } = app;

  app.post(
    '/registrations/:id/desk-payment',
    {
      config: { roles: DESK },
      schema: {
        summary:
          'Record that the desk took what is left to pay (cash, NETS or card terminal): the server prices the amount, the staff member is the actor, and the receipt email follows',
        params: IdParams,
        body: DeskPaymentRequestSchema,
        response: {
          201: Envelope(DeskPaymentResultSchema),
          400: ErrorResponseSchema,
          404: ErrorResponseSchema,
          409: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const staff = staffOf(request);
      const now = new Date();
      const { method, expectedAmount } = request.body;
      const expectedCents =
        expectedAmount === undefined ? undefined : (parseMoney(expectedAmount) ?? undefined);
      const result = await recordDeskPayment(sql, id, method, staff, now, expectedCents);
      reply.code(201);
      return {
        success: true as const,
        data: {
          message: result.message,
          receipt: {
            transactionId: result.transactionId,
            amount: toMoneyString(result.amountCents),
            method: request.body.method,
            recordedBy: staff.username,
            at: now.toISOString(),
          },
          party: partyFromState(id, result.state, {
            date: result.appointmentDate,
            time: result.appointmentTime,
          }),
        },
      };
    },
  );

  app.post(
    '/registrations/:id/check-in/undo',
    {
      config: { roles: DESK },
      schema: {
        summary:
          'Take a check-in back on the appointment day, the people named or everyone in, with a reason (a wrong scan, someone who left)',
        params: IdParams,
        body: UndoCheckInRequestSchema,
        response: {
          200: Envelope(DeskActionResultSchema),
          400: ErrorResponseSchema,
          404: ErrorResponseSchema,
          409: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const result = await undoCheckIn(sql, id, request.body, staffOf(request));
      return {
        success: true as const,
        data: {
          message: result.message,
          party: partyFromState(id, result.state, {
            date: result.appointmentDate,
            time: result.appointmentTime,
          }),
        },
      };
    },
  );
};

export default frontDesk;
