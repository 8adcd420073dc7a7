import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  Envelope,
  ErrorResponseSchema,
  IdParams,
  StaffSettingsSchema,
  StaffUserCreateSchema,
  StaffUserCreatedSchema,
  StaffUserSchema,
  StaffUserUpdateSchema,
  StaffInviteSchema,
} from '@hs/contracts';
import type { MailerOptions } from '@hs/notifications';
import type { FastifyRequest } from 'fastify';
import { audit } from '../../audit';
import { ignoreEmptyBody } from '../../no-body';
import { sendInviteMail } from '../../auth/invite-mail';
import {
  TOTP_REQUIRED_FOR_ADMINS,
  findStaff,
  insertStaff,
  passwordChangedNow,
  issueInvite,
  listStaff,
  otherActiveAdmins,
  totpRequiredForAdmins,
} from '../../auth/staff';
import { badRequest, conflict } from '../../errors';
import { saveSetting } from '../../settings';
import { catalogueRoutes, schemaBody } from './catalogue-routes';

const Errors = { 400: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema };

/** Staff accounts and their settings (issue 23): admin only. */
const users: FastifyPluginAsyncTypebox<{ mail: MailerOptions; publicBaseUrl: string }> = async (
  app,
  opts,
) => {
  const { sql } = app;
  // The set-password page at the site's configured address (PUBLIC_BASE_URL, like the emailed waitlist
  // links); the token rides in the fragment, so it reaches no server log or Referer.
  const inviteUrl = (token: string) =>
    `${opts.publicBaseUrl.replace(/\/+$/, '')}/admin/set-password#token=${token}`;

  async function invite(request: FastifyRequest, userId: number) {
    const user = await findStaff(sql, userId);
    if (!user.active) throw conflict('Activate the user before sending an invite');
    const { token, expiresAt } = await sql.begin(async (tx) => {
      const issued = await issueInvite(tx, userId, request.actor);
      await audit(tx, {
        actor: request.actor,
        action: 'update',
        entity: 'user_invite',
        entityId: userId,
        after: { username: user.username, expiresAt: issued.expiresAt.toISOString() },
      });
      return issued;
    });
    const url = inviteUrl(token);
    let emailed = false;
    if (user.email) {
      try {
        await sendInviteMail(sql, opts.mail, { to: user.email, username: user.username, url, expiresAt });
        emailed = true;
      } catch (err) {
        request.log.warn({ err, userId }, 'invite email not sent');
      }
    }
    return { inviteUrl: url, expiresAt: expiresAt.toISOString(), emailed };
  }

  await app.register(
    catalogueRoutes({
      path: '/users',
      entity: 'user',
      schema: StaffUserSchema,
      rows: { list: listStaff, find: findStaff },
      list: { summary: 'Staff accounts' },
      create: {
        summary: 'Create a staff account without a password and send its one-time invite link',
        body: schemaBody(StaffUserCreateSchema),
        insert: async (tx, input) => ({ id: await insertStaff(tx, input) }),
        answer: {
          schema: StaffUserCreatedSchema,
          data: async (_created, { id }, request) => {
            const sent = await invite(request, id);
            return { user: await findStaff(sql, id), invite: sent };
          },
        },
      },
      update: {
        summary: "Change a user's email, role or active flag; deactivating stops their tokens at once",
        body: schemaBody(StaffUserUpdateSchema),
        apply: async (tx, id, { email, role, active }, { before, request }) => {
          const losesAdmin =
            before.role === 'admin' &&
            before.active &&
            ((role !== undefined && role !== 'admin') || active === false);
          if (losesAdmin && id === request.staff.id)
            throw badRequest('You cannot remove your own admin access; another admin can');
          if (losesAdmin && (await otherActiveAdmins(tx, id)) === 0)
            throw conflict('This is the last active admin; make another user admin first');
          // A deactivation also moves the mark the guard ends older sessions by (password_changed_at,
          // as a password change does): a token from before it stays refused if the user is switched
          // back on, so a leaver's forgotten session cannot come back with a reactivation.
          const endsSessions = before.active && active === false;
          await tx`
            update users set email = ${email ?? before.email}, role = ${role ?? before.role},
                             active = ${active ?? before.active}
                             ${endsSessions ? tx`, password_changed_at = ${passwordChangedNow()}` : tx``}
            where id = ${id}`;
        },
      },
      delete: {
        summary: 'Delete a staff account (history keeps naming them by username)',
        message: 'User deleted',
        remove: async (tx, id, { before, request }) => {
          if (id === request.staff.id) throw badRequest('You cannot delete your own account');
          if (before.role === 'admin' && before.active && (await otherActiveAdmins(tx, id)) === 0)
            throw conflict('This is the last active admin; make another user admin first');
          await tx`delete from users where id = ${id}`;
        },
      },
    }),
  );

  app.post(
    '/users/:id/invite',
    {
      onRequest: ignoreEmptyBody,
      schema: {
        summary: 'A fresh one-time link to set the password (also a reset); earlier links stop working',
        params: IdParams,
        response: { 200: Envelope(StaffInviteSchema), ...Errors },
      },
    },
    async (request) => ({ success: true as const, data: await invite(request, request.params.id) }),
  );

  app.get(
    '/staff-settings',
    {
      schema: { summary: 'Staff security settings', response: { 200: Envelope(StaffSettingsSchema) } },
    },
    async () => ({
      success: true as const,
      data: { requireTotpForAdmins: await totpRequiredForAdmins(sql) },
    }),
  );

  app.put(
    '/staff-settings',
    {
      schema: {
        summary: 'Require a TOTP second factor for role admin',
        body: StaffSettingsSchema,
        response: { 200: Envelope(StaffSettingsSchema), 400: ErrorResponseSchema },
      },
    },
    async (request) => {
      const { requireTotpForAdmins } = request.body;
      // Switched on by an admin without a second factor, it would first of all lock out that admin.
      if (requireTotpForAdmins && !(await findStaff(sql, request.staff.id)).totpEnabled)
        throw badRequest('Set up your own two-factor authentication (Account page) before requiring it');
      await sql.begin(async (tx) => {
        const before = await totpRequiredForAdmins(tx);
        await saveSetting(tx, {
          key: TOTP_REQUIRED_FOR_ADMINS,
          value: String(requireTotpForAdmins),
          description: 'Users of role admin must enrol a TOTP second factor',
          actor: request.actor,
          before: { requireTotpForAdmins: before },
          after: { requireTotpForAdmins },
        });
      });
      return { success: true as const, data: { requireTotpForAdmins } };
    },
  );
};

export default users;
