import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  Envelope,
  ErrorResponseSchema,
  MessageResponseSchema,
  SetPasswordSchema,
  StaffInviteInfoSchema,
} from '@hs/contracts';
import { Type } from '@sinclair/typebox';
import { audit } from '../../audit';
import { hashPassword } from '../../auth/password';
import { passwordProblem } from '../../auth/password-rules';
import { openInvite, useInvite } from '../../auth/staff';
import { badRequest, HttpError } from '../../errors';

const TokenParams = Type.Object({
  token: Type.String({ minLength: 20, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' }),
});
const gone = () =>
  new HttpError(410, 'This link has expired or was already used. Ask an admin for a new one.');

/** The set-password page's calls: the one-time invite link of a staff account (issue 23). */
const staffInvites: FastifyPluginAsyncTypebox = async (app) => {
  const { sql } = app;

  app.get(
    '/api/staff-invites/:token',
    {
      schema: {
        tags: ['admin'],
        summary: 'Who an invite link is for (it stays unused)',
        params: TokenParams,
        response: {
          200: Envelope(StaffInviteInfoSchema),
          400: ErrorResponseSchema,
          410: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const invite = await openInvite(sql, request.params.token);
      if (!invite) throw gone();
      return { success: true as const, data: { username: invite.username, email: invite.email } };
    },
  );

  app.post(
    '/api/staff-invites/:token',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Set the password with an invite link (at least 12 characters, not a common password); the link is spent',
        params: TokenParams,
        body: SetPasswordSchema,
        response: { 200: MessageResponseSchema, 400: ErrorResponseSchema, 410: ErrorResponseSchema },
      },
    },
    async (request) => {
      const { token } = request.params;
      const invite = await openInvite(sql, token);
      if (!invite) throw gone();
      const problem = passwordProblem(request.body.password, invite.username);
      if (problem) throw badRequest(problem, [{ field: 'password', message: problem }]);
      const hash = await hashPassword(request.body.password);
      await sql.begin(async (tx) => {
        const used = await useInvite(tx, token, hash);
        if (!used) throw gone();
        await audit(tx, {
          actor: `admin:${used.username}`,
          action: 'update',
          entity: 'user_password',
          entityId: used.userId,
        });
      });
      return { success: true, message: 'Password set. You can sign in now.' };
    },
  );
};

export default staffInvites;
