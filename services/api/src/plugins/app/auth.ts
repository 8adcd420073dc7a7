import { randomUUID } from 'node:crypto';
import jwt from '@fastify/jwt';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isStaffRole, type StaffRole } from '@hs/contracts';
import { TOTP_REQUIRED_FOR_ADMINS } from '../../auth/staff';
import { forbidden, unauthorized } from '../../errors';

export interface AdminTokenPayload {
  sub: string;
  username: string;
  role: string;
  jti: string;
  /** When it was signed, in milliseconds (iat has whole seconds): a password change ends older tokens. */
  at?: number;
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: AdminTokenPayload;
    user: AdminTokenPayload & { exp: number; iat: number };
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The staff roles an /api/admin route allows (issue 23); see @hs/contracts STAFF_ROLES. */
    roles?: readonly StaffRole[];
    /**
     * The route stays open to an admin who must enrol a second factor but has not yet (the session
     * and own-account routes); every other route refuses them until they do.
     */
    beforeSecondFactor?: boolean;
  }
  interface FastifyInstance {
    /**
     * onRequest hook for the /api/admin subtree: a valid, unrevoked bearer token of an active user whose
     * role (read from the users row, so a change counts at once) is one the route's `config.roles` allows;
     * a route that declares none allows only admin.
     */
    requireAdmin: (request: FastifyRequest) => Promise<void>;
    signAdminToken: (user: { id: number; username: string; role: string }) => string;
  }
  interface FastifyRequest {
    /** `admin:<username>` for every staff role (history reads the username); set by requireAdmin. */
    actor: string;
    /** The signed-in staff member; set by requireAdmin. */
    staff: { id: number; username: string; role: string };
  }
}

export const TOKEN_LIFETIME = '8h';

export default fp(
  async (app: FastifyInstance, opts: { secret: string }) => {
    await app.register(jwt, { secret: opts.secret, sign: { expiresIn: TOKEN_LIFETIME } });
    app.decorateRequest('actor', 'public');
    app.decorateRequest('staff', null as never);

    app.decorate('signAdminToken', (user: { id: number; username: string; role: string }) =>
      app.jwt.sign({
        sub: String(user.id),
        username: user.username,
        role: user.role,
        jti: randomUUID(),
        at: Date.now(),
      }),
    );

    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      if (!request.headers.authorization) throw unauthorized('Authentication required');
      try {
        await request.jwtVerify();
      } catch {
        throw unauthorized('Invalid or expired token');
      }
      const { jti, sub, iat, at } = request.user;
      // Other credentials signed with the same secret (the preview cookie, role 'preview') name a user
      // too, but are not sessions: only a staff session's token may act as its user.
      if (!isStaffRole(request.user.role) || 'purpose' in request.user)
        throw forbidden('Admin access required');
      const signedAt = new Date(typeof at === 'number' ? at : iat * 1000);
      const id = Number(sub);
      if (!Number.isSafeInteger(id)) throw unauthorized('Invalid or expired token');
      // One indexed lookup per request: deactivation, role changes and logout count on the next request.
      const [row] = await app.sql<
        { username: string; role: string; active: boolean; revoked: boolean; mustEnrol: boolean }[]
      >`
        select u.username, u.role, u.active,
               -- logged out, or signed in before the password last changed (or a deactivation)
               (exists (select 1 from revoked_tokens where jti = ${jti})
                or coalesce(u.password_changed_at > ${signedAt}, false)) as revoked,
               (u.role = 'admin' and u.totp_secret is null and exists (
                  select 1 from system_settings
                  where setting_key = ${TOTP_REQUIRED_FOR_ADMINS} and setting_value = 'true')) as "mustEnrol"
        from users u where u.id = ${id}`;
      if (!row) throw unauthorized('User no longer exists');
      if (!row.active) throw unauthorized('This account has been deactivated');
      if (row.revoked) throw unauthorized('Token has been revoked');
      const allowed: readonly string[] = request.routeOptions.config.roles ?? ['admin'];
      if (!isStaffRole(row.role)) throw forbidden('Admin access required');
      if (!allowed.includes(row.role)) throw forbidden(`The ${row.role} role does not allow this`);
      if (row.mustEnrol && !request.routeOptions.config.beforeSecondFactor)
        throw forbidden('Set up two-factor authentication on your Account page first');
      request.staff = { id, username: row.username, role: row.role };
      request.actor = `admin:${row.username}`;
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
