import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, ErrorResponseSchema, MessageResponseSchema, ROLES } from '@hs/contracts';
import { Type } from '@sinclair/typebox';
import { dummyHash, verifyPassword } from '../../auth/password';
import { acceptSecondFactor } from '../../auth/second-factor';
import { HttpError, unauthorized } from '../../errors';
import { ignoreEmptyBody } from '../../no-body';
import { parseFirst } from '../../validation';
import { inputJsonSchema } from '../../validation-schema';
import { INVALID_INPUT_MESSAGE, adminLoginSchema } from '@hs/domain';
import * as v from 'valibot';

const UserSchema = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  email: Type.Union([Type.String(), Type.Null()]),
  role: Type.String(),
  lastLogin: Type.Union([Type.String(), Type.Null()]),
});

type UserRow = { id: number; username: string; email: string | null; role: string; lastLogin: Date | null };
const toUser = (u: UserRow) => ({ ...u, lastLogin: u.lastLogin?.toISOString() ?? null });

const FAILURE_WINDOW_MINUTES = 15;

/** The spec's login form (shared with the web), and the second factor's code of a user with TOTP. */
const LoginInput = v.object(
  {
    ...adminLoginSchema.entries,
    code: v.optional(v.pipe(v.string('Invalid code'), v.maxLength(32, 'Invalid code'))),
  },
  INVALID_INPUT_MESSAGE,
);

/** POST /login: outside the admin guard. */
export const login: FastifyPluginAsyncTypebox = async (app) => {
  const { sql } = app;
  const maxFailures = app.rateLimits.login.max;

  async function tooManyFailures(username: string, ip: string): Promise<boolean> {
    if (!app.rateLimits.enabled) return false;
    const [row] = await sql<{ byUser: number; byIp: number }[]>`
      select count(*) filter (where username = ${username})::int as "byUser",
             count(*) filter (where ip = ${ip})::int as "byIp"
      from login_failures
      where at > now() - make_interval(mins => ${FAILURE_WINDOW_MINUTES})
        and (username = ${username} or ip = ${ip})`;
    return (row?.byUser ?? 0) >= maxFailures || (row?.byIp ?? 0) >= maxFailures;
  }

  app.post(
    '/login',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['admin'],
        summary: 'Sign in; answers a bearer token valid for 8 hours',
        description:
          'A user with a TOTP second factor sends `code` too (6 digits, or a recovery code); without it the ' +
          "answer is 401 with errors [{ field: 'code' }], and the client asks for the code and signs in again.",
        body: inputJsonSchema(LoginInput),
        response: {
          200: Envelope(Type.Object({ token: Type.String(), user: UserSchema })),
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          429: ErrorResponseSchema,
        },
      },
      // Spec messages ('Username is required') come before the generic schema check.
      preValidation: parseFirst(LoginInput),
    },
    async (request, reply) => {
      const { username, password, code } = request.body;
      if (await tooManyFailures(username, request.ip)) {
        reply.header('retry-after', String(FAILURE_WINDOW_MINUTES * 60));
        throw new HttpError(429, 'Too many failed login attempts. Please try again in 15 minutes.');
      }
      const [user] = await sql<
        (UserRow & { passwordHash: string | null; active: boolean; totpSecret: string | null })[]
      >`
        select id, username, email, role, last_login as "lastLogin", password_hash as "passwordHash",
               active, totp_secret as "totpSecret"
        from users where username = ${username}`;
      // Same work for an unknown user (or one still to use their invite) as for a wrong password.
      const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyHash()));
      const fail = async (message: string) => {
        await sql`insert into login_failures (username, ip) values (${username}, ${request.ip})`;
        return unauthorized(message);
      };
      if (!user?.passwordHash || !ok) throw await fail('Invalid credentials');
      if (!user.active) throw unauthorized('This account has been deactivated');
      if (user.totpSecret) {
        if (!code)
          throw new HttpError(401, 'Enter the code from your authenticator app', [
            { field: 'code', message: 'A 6-digit code (or a recovery code) is needed' },
          ]);
        // Wrong codes count as failed logins: the lockout bounds guessing the 6 digits.
        if (!(await acceptSecondFactor(sql, Number(user.id), user.totpSecret, code)))
          throw await fail('Invalid code');
      }
      const [updated] = await sql<UserRow[]>`
        update users set last_login = now() where id = ${user.id}
        returning id, username, email, role, last_login as "lastLogin"`;
      await sql`delete from login_failures where username = ${username}`;
      return { success: true as const, data: { token: app.signAdminToken(user), user: toUser(updated!) } };
    },
  );
};

/** GET /user and POST /logout: inside the admin guard. */
export const session: FastifyPluginAsyncTypebox = async (app) => {
  const { sql } = app;

  app.get(
    '/user',
    {
      config: { roles: ROLES.anyStaff, beforeSecondFactor: true },
      schema: {
        summary: 'The signed-in staff member',
        security: [{ bearerAuth: [] }],
        response: { 200: Envelope(UserSchema), 401: ErrorResponseSchema },
      },
    },
    async (request) => {
      const [user] = await sql<UserRow[]>`
          select id, username, email, role, last_login as "lastLogin" from users where id = ${Number(request.user.sub)}`;
      if (!user) throw unauthorized('User no longer exists');
      return { success: true as const, data: toUser(user) };
    },
  );

  app.post(
    '/logout',
    {
      config: { roles: ROLES.anyStaff, beforeSecondFactor: true },
      onRequest: ignoreEmptyBody,
      schema: {
        summary: 'Sign out: the bearer token stops working',
        security: [{ bearerAuth: [] }],
        response: { 200: MessageResponseSchema, 401: ErrorResponseSchema },
      },
    },
    async (request) => {
      const { jti, exp } = request.user;
      await sql`insert into revoked_tokens (jti, expires_at) values (${jti}, to_timestamp(${exp}))
                  on conflict do nothing`;
      await sql`delete from revoked_tokens where expires_at < now()`;
      return { success: true, message: 'Logged out' };
    },
  );
};
