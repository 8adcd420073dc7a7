import { installPersonalData } from '@hs/privacy';
import { randomUUID } from 'node:crypto';
import type { Sql } from '@hs/db';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { ApiConfig } from './config';
import { guardTransactionIds, RESTORED_LOG_WARNING } from '@hs/eventstore';
import { ensureFirstAdmin } from './auth/users';
import { logCensorOptions } from '@hs/config';
import { redactUrl } from './logging';
import cleanInput from './plugins/app/clean-input';
import db from './plugins/app/db';
import errorHandler from './plugins/app/error-handler';
import readCache from './plugins/app/read-cache';
import redis from './plugins/app/redis';
import web from './plugins/app/web';
import metrics, { observeWorld } from './plugins/app/metrics';
import overload from './plugins/app/overload';
import { createMetrics } from '@hs/metrics';
import cors from './plugins/external/cors';
import helmet from './plugins/external/helmet';
import rateLimit from './plugins/external/rate-limit';
import swagger from './plugins/external/swagger';
import apiKey from './plugins/app/api-key';
import paymentHold from './plugins/app/payment-hold';
import outsideWorld, { type OutsideWorld, outsideWorldFromConfig } from './plugins/app/outside-world';
import memberChecks from './plugins/app/member-checks';
import bookingLookups from './plugins/app/booking-lookups';
import auth from './plugins/app/auth';
import admin from './routes/admin';
import health from './routes/health';
import { validatorCompiler } from './validator';
import partner from './routes/partner';
import catalogue from './routes/public/catalogue';
import registrations from './routes/public/registrations';
import reschedule from './routes/public/reschedule';
import payments from './routes/public/payments';
import paynow from './routes/public/paynow';
import httpCache from './plugins/app/http-cache';
import myinfo from './routes/public/myinfo';
import partnerHandoff from './routes/public/partner';
import participants from './routes/public/participants';
import privacyNotice from './routes/public/privacy-notice';
import companyContact from './routes/public/company-contact';
import staffInvites from './routes/public/staff-invites';
import programmes from './routes/public/programmes';
import waitlist from './routes/public/waitlist';
import smsOptOut from './routes/public/sms-opt-out';

export interface AppDeps {
  /** An existing pool (tests share one); otherwise the app opens its own from config. */
  sql?: Sql;
  /** Replacements for the insurer, partner or card gateway adapters (tests). */
  world?: Partial<OutsideWorld>;
  /** Where log lines go; tests capture them. */
  logStream?: NodeJS.WritableStream;
}

/** The whole api as one Fastify instance, without listening: server.ts listens, tests inject. */
export async function buildApp(config: ApiConfig, deps: AppDeps = {}): Promise<FastifyInstance> {
  installPersonalData(config.personalData);
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...logCensorOptions,
      // Fastify's request fields, with a secret path segment (an invite token) censored.
      serializers: {
        req: (req: FastifyRequest) => ({
          method: req.method,
          url: redactUrl(req.url),
          host: req.host,
          remoteAddress: req.ip,
          remotePort: req.socket?.remotePort,
        }),
      },
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A URL the router cannot take apart (bad percent-encoding, a param over maxParamLength) gets the
    // api's error shape, without echoing the path back.
    frameworkErrors: (err, _request, reply: FastifyReply) => {
      const tooLong = err.code === 'FST_ERR_MAX_PARAM_LENGTH';
      return reply
        .status(tooLong ? 414 : 400)
        .send({ success: false, message: tooLong ? 'URL parameter too long' : 'Invalid URL' });
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(errorHandler);
  // Overload sheds requests before any work is done for them (issue 47).
  await app.register(overload, config.overload);
  await app.register(helmet);
  // Only the back-office previews use a cookie (routes/admin/previews.ts); everything else is bearer.
  await app.register(cookie);
  await app.register(cors, { origins: config.corsOrigins });
  await app.register(rateLimit, { limits: config.rateLimits });
  await app.register(swagger);
  await app.register(db, {
    url: config.databaseUrl,
    max: config.databasePoolSize,
    sql: deps.sql,
    groupCommit: config.groupCommit,
  });
  await app.register(redis, { url: config.redisUrl });
  // Before every route, so its hooks time them all (issue 47).
  const series = createMetrics();
  await app.register(metrics, {
    metrics: series,
    token: config.metricsToken,
    bullmqPrefix: config.bullmqPrefix,
  });
  await app.register(readCache, { maxAgeMs: config.readCacheMs });
  await app.register(httpCache, config.publicCache);
  await app.register(paymentHold, { defaultSeconds: config.paymentHoldSeconds });

  await app.register(auth, { secret: config.jwtSecret });
  await app.register(apiKey);
  await app.register(outsideWorld, {
    world: observeWorld({ ...outsideWorldFromConfig(config), ...deps.world }, series),
    paymentTestModeDefault: config.paymentTestModeDefault,
  });
  await app.register(bookingLookups, { limits: config.rateLimits });
  await app.register(memberChecks, {
    limits: config.rateLimits,
    hashKey: config.personalData.hashKey,
  });

  // Every string of every request cleaned before any route validates it (issue 43).
  await app.register(cleanInput);

  app.addHook('onReady', async () => {
    // A database restored into a cluster whose transaction counter is behind: renumber before anything appends.
    await guardTransactionIds(app.sql, {
      onRenumber: (ids) => app.log.warn(ids, RESTORED_LOG_WARNING),
    });
    if (await ensureFirstAdmin(app.sql, config.admin))
      app.log.info({ username: config.admin.username }, 'first admin created');
  });

  await app.register(health);
  await app.register(admin, {
    prefix: '/api/admin',
    braintree: config.braintree,
    paynow: config.paynow,
    bullmqPrefix: config.bullmqPrefix,
    smtpUrl: config.smtpUrl,
    mailOutboxDir: config.mailOutboxDir,
    publicBaseUrl: config.publicBaseUrl,
  });
  await app.register(partner, { prefix: '/api/partner' });
  await app.register(catalogue);
  await app.register(registrations, {
    refundCutoffHours: config.refundCutoffHours,
    manageLinkSecret: config.manageLinkSecret,
  });
  await app.register(reschedule, {
    cutoffHours: config.rescheduleCutoffHours,
    manageLinkSecret: config.manageLinkSecret,
  });
  await app.register(payments);
  await app.register(paynow, { offered: config.paynow.enabled });
  await app.register(myinfo);
  await app.register(partnerHandoff);
  await app.register(participants);
  await app.register(privacyNotice);
  await app.register(companyContact);
  await app.register(staffInvites);
  await app.register(programmes, {
    mail: { smtpUrl: config.smtpUrl, outboxDir: config.mailOutboxDir },
    secret: config.manageLinkSecret,
  });
  await app.register(waitlist, { tokenSecret: config.waitlistTokenSecret });
  await app.register(smsOptOut, { tokenSecret: config.waitlistTokenSecret });

  await app.register(web, {
    root: config.webDist,
    notFoundLimit: config.rateLimits.enabled && config.rateLimits.notFound,
  });
  return app;
}
