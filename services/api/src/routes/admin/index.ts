import type { FastifyPluginAsync } from 'fastify';
import { login, session } from './auth';
import events from './events';

/**
 * /api/admin: login is public; everything else sits in one encapsulated
 * context whose onRequest hook demands an admin token, so a route added here
 * cannot forget its guard.
 */
const admin: FastifyPluginAsync = async (app) => {
  await app.register(login);
  await app.register(async (guarded) => {
    guarded.addHook('onRequest', guarded.requireAdmin);
    await guarded.register(session);
    await guarded.register(events);
  });
};

export default admin;
