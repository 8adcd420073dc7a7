import type { FastifyPluginAsync } from 'fastify';
import type { ApiConfig } from '../../config';
import { login, session } from './auth';
import apiKeys from './api-keys';
import checkIns from './check-ins';
import companies from './companies';
import discounts from './discounts';
import emailConfigs from './email-configs';
import events from './events';
import frontDesk from './front-desk';
import holidays from './holidays';
import invoices from './invoices';
import insights from './insights';
import overview from './overview';
import packages from './packages';
import payments from './payments';
import personalData from './personal-data';
import previews, { previewSession } from './previews';
import privacyNotice from './privacy-notice';
import privacySettings from './privacy-settings';
import programmeDetails from './programme-details';
import programmes from './programmes';
import queues from './queues';
import refunds from './refunds';
import registrations from './registrations';
import reschedule from './reschedule';
import statusChange from './status-change';
import system from './system';
import timeslots from './timeslots';
import account from './account';
import users from './users';
import waitlist from './waitlist';

/**
 * /api/admin: login is public; everything else sits in one encapsulated
 * context whose onRequest hook demands an admin token, so a route added here
 * cannot forget its guard.
 */
const admin: FastifyPluginAsync<
  Pick<ApiConfig, 'braintree' | 'paynow' | 'bullmqPrefix' | 'smtpUrl' | 'mailOutboxDir' | 'publicBaseUrl'>
> = async (app, opts) => {
  await app.register(login);
  // guards its own routes: bearer, or the preview cookie for the new-tab previews
  await app.register(previews, { mail: { smtpUrl: opts.smtpUrl, outboxDir: opts.mailOutboxDir } });
  await app.register(async (guarded) => {
    guarded.addHook('onRequest', guarded.requireAdmin);
    // Every guarded route is documented as needing the bearer token, with the staff roles it allows
    // (`x-roles`; none declared means admin only, as the guard enforces): the role matrix test reads them.
    guarded.addHook('onRoute', (route) => {
      const roles = route.config?.roles ?? ['admin'];
      route.schema = {
        tags: ['admin'],
        ...route.schema,
        security: [{ bearerAuth: [] }],
        ...{ 'x-roles': roles },
      };
    });
    await guarded.register(session);
    await guarded.register(events);
    await guarded.register(packages);
    await guarded.register(discounts);
    await guarded.register(holidays);
    await guarded.register(companies);
    await guarded.register(programmes);
    await guarded.register(emailConfigs);
    await guarded.register(payments, { braintree: opts.braintree, paynow: opts.paynow });
    await guarded.register(privacyNotice);
    await guarded.register(privacySettings);
    await guarded.register(apiKeys);
    await guarded.register(overview);
    await guarded.register(registrations);
    await guarded.register(personalData);
    await guarded.register(refunds);
    await guarded.register(invoices);
    await guarded.register(reschedule);
    await guarded.register(statusChange);
    await guarded.register(checkIns);
    await guarded.register(frontDesk);
    await guarded.register(system);
    await guarded.register(timeslots);
    await guarded.register(waitlist);
    await guarded.register(insights);
    await guarded.register(previewSession);
    await guarded.register(queues, { bullmqPrefix: opts.bullmqPrefix });
    await guarded.register(account);
    await guarded.register(users, {
      mail: { smtpUrl: opts.smtpUrl, outboxDir: opts.mailOutboxDir },
      publicBaseUrl: opts.publicBaseUrl,
    });
    await guarded.register(programmeDetails, {
      mail: { smtpUrl: opts.smtpUrl, outboxDir: opts.mailOutboxDir },
      publicBaseUrl: opts.publicBaseUrl,
    });
  });
};

export default admin;
