import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  Envelope,
  ErrorResponseSchema,
  MessageResponseSchema,
  PasswordChangeSchema,
  RecoveryCodesSchema,
  ROLES,
  StaffAccountSchema,
  TotpCodeSchema,
  TotpSetupSchema,
} from '@hs/contracts';
import { Type } from '@sinclair/typebox';
import { audit } from '../../audit';
import { ignoreEmptyBody } from '../../no-body';
import { hashPassword, verifyPassword } from '../../auth/password';
import { passwordProblem } from '../../auth/password-rules';
import { findStaff, passwordChangedNow, totpRequiredForAdmins } from '../../auth/staff';
import { hashRecoveryCode, matchTotp, newRecoveryCodes, newTotpSecret, totpEnrolment } from '../../auth/totp';
import { badRequest, conflict } from '../../errors';

const Errors = { 400: ErrorResponseSchema, 409: ErrorResponseSchema };
// Open to every role, and to an admin who still has to enrol the second factor the setting requires.
const own = { roles: ROLES.anyStaff, beforeSecondFactor: true };

/** The signed-in user's own account: password and TOTP second factor (issue 23). */
const account: FastifyPluginAsyncTypebox = async (app) => {
  const { sql } = app;

  async function view(id: number) {
    const user = await findStaff(sql, id);
    const [row] = await sql<{ n: number }[]>`
      select count(*)::int as n from totp_recovery_codes where user_id = ${id} and used_at is null`;
    const totpRequired = user.role === 'admin' && (await totpRequiredForAdmins(sql));
    return { ...user, totpRequired, recoveryCodesLeft: row?.n ?? 0 };
  }

  app.get(
    '/account',
    {
      config: own,
      schema: {
        summary: 'The signed-in user with their second-factor state',
        response: { 200: Envelope(StaffAccountSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await view(request.staff.id) }),
  );

  app.put(
    '/account/password',
    {
      config: own,
      schema: {
        summary:
          'Change your own password (at least 12 characters, not a common password); every other session ' +
          'of yours ends, and the answer carries a new token for this one',
        body: PasswordChangeSchema,
        response: { 200: Envelope(Type.Object({ token: Type.String() })), ...Errors },
      },
    },
    async (request) => {
      const { currentPassword, newPassword } = request.body;
      const { id, username, role } = request.staff;
      const [row] = await sql<
        { hash: string | null }[]
      >`select password_hash as hash from users where id = ${id}`;
      if (!row?.hash || !(await verifyPassword(currentPassword, row.hash)))
        throw badRequest('The current password is not correct', [
          { field: 'currentPassword', message: 'Not correct' },
        ]);
      const problem = passwordProblem(newPassword, username);
      if (problem) throw badRequest(problem, [{ field: 'newPassword', message: problem }]);
      const hash = await hashPassword(newPassword);
      await sql.begin(async (tx) => {
        await tx`update users set password_hash = ${hash}, password_changed_at = ${passwordChangedNow()}
                 where id = ${id}`;
        await audit(tx, { actor: request.actor, action: 'update', entity: 'user_password', entityId: id });
      });
      // Tokens signed before the change are refused from now on; this session goes on with a fresh one.
      return { success: true as const, data: { token: app.signAdminToken({ id, username, role }) } };
    },
  );

  app.post(
    '/account/totp/setup',
    {
      config: own,
      onRequest: ignoreEmptyBody,
      schema: {
        summary: 'Start TOTP enrolment: a new secret and its QR code; confirm with a code to switch it on',
        response: { 200: Envelope(TotpSetupSchema), ...Errors },
      },
    },
    async (request) => {
      const { id, username } = request.staff;
      const secret = newTotpSecret();
      const [row] = await sql`
        update users set totp_pending_secret = ${secret} where id = ${id} and totp_secret is null returning 1`;
      if (!row) throw conflict('Two-factor authentication is already on; switch it off first to enrol again');
      return { success: true as const, data: await totpEnrolment(secret, username) };
    },
  );

  app.post(
    '/account/totp/confirm',
    {
      config: own,
      schema: {
        summary: 'Switch TOTP on with a code from the app; answers the recovery codes, shown only this once',
        body: TotpCodeSchema,
        response: { 200: Envelope(RecoveryCodesSchema), ...Errors },
      },
    },
    async (request) => {
      const { id } = request.staff;
      const [row] = await sql<{ pending: string | null }[]>`
        select totp_pending_secret as pending from users where id = ${id} and totp_secret is null`;
      if (!row?.pending) throw conflict('Start the enrolment first');
      const step = await matchTotp(row.pending, request.body.code);
      if (step === null)
        throw badRequest('That code is not right; check the time on your phone and try again', [
          { field: 'code', message: 'Not right' },
        ]);
      const codes = newRecoveryCodes();
      await sql.begin(async (tx) => {
        const [done] = await tx`
          update users set totp_secret = totp_pending_secret, totp_pending_secret = null, totp_last_step = ${step}
          where id = ${id} and totp_pending_secret = ${row.pending} returning 1`;
        if (!done) throw conflict('The enrolment changed meanwhile; start again');
        await tx`delete from totp_recovery_codes where user_id = ${id}`;
        await tx`insert into totp_recovery_codes ${tx(codes.map((c) => ({ user_id: id, code_hash: hashRecoveryCode(c) })))}`;
        await audit(tx, { actor: request.actor, action: 'create', entity: 'user_totp', entityId: id });
      });
      return { success: true as const, data: { recoveryCodes: codes } };
    },
  );

  app.post(
    '/account/totp/disable',
    {
      config: own,
      schema: {
        summary: 'Switch TOTP off (your password confirms it); refused where your role requires it',
        body: Type.Object({ password: Type.String({ maxLength: 1000 }) }),
        response: { 200: MessageResponseSchema, ...Errors },
      },
    },
    async (request) => {
      const { id } = request.staff;
      const me = await view(id);
      if (me.totpRequired) throw conflict('Two-factor authentication is required for your role');
      const [row] = await sql<
        { hash: string | null }[]
      >`select password_hash as hash from users where id = ${id}`;
      if (!row?.hash || !(await verifyPassword(request.body.password, row.hash)))
        throw badRequest('The password is not correct', [{ field: 'password', message: 'Not correct' }]);
      await sql.begin(async (tx) => {
        await tx`update users set totp_secret = null, totp_pending_secret = null, totp_last_step = null where id = ${id}`;
        await tx`delete from totp_recovery_codes where user_id = ${id}`;
        await audit(tx, { actor: request.actor, action: 'delete', entity: 'user_totp', entityId: id });
      });
      return { success: true, message: 'Two-factor authentication is off' };
    },
  );
};

export default account;
