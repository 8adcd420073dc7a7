import { randomUUID } from 'node:crypto';
import jwt from '@fastify/jwt';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { StaffRole } from '@hs/contracts';
import { forbidden, unauthorized } from '../../errors';

export interface AdminTokenPayload {
  sub: string;
  username: string;
  role: string;
  jti: string;
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
  }
  interface FastifyInstance {
    /** onRequest hook for the /api/admin subtree: a valid, unrevoked bearer token of role admin. */
    requireAdmin: (request: FastifyRequest) => Promise<void>;
    signAdminToken: (user: { id: number; username: string; role: string }) => string;
  }
  interface FastifyRequest {
    /** `admin:<username>`; set by requireAdmin. */
    actor: string;
  }
}

export const TOKEN_LIFETIME = '8h';

export default fp(
  async (app: FastifyInstance, opts: { secret: string }) => {
    await app.register(jwt, { secret: opts.secret, sign: { expiresIn: TOKEN_LIFETIME } });
    app.decorateRequest('actor', 'public');

    app.decorate('signAdminToken', (user: { id: number; username: string; role: string }) =>
      app.jwt.sign({ sub: String(user.id), username: user.username, role: user.role, jti: randomUUID() }),
    );

    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      if (!request.headers.authorization) throw unauthorized('Authentication required');
      try {
        await request.jwtVerify();
      } catch {
        throw unauthorized('Invalid or expired token');
      }
      const { jti, role, username } = request.user;
      const revoked = await app.sql`select 1 from revoked_tokens where jti = ${jti}`;
      if (revoked.length > 0) throw unauthorized('Token has been revoked');
      if (role !== 'admin') throw forbidden('Admin access required');
      request.actor = `admin:${username}`;
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
