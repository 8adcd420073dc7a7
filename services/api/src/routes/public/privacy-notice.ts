import etag from '@fastify/etag';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PrivacyNoticeResponseSchema } from '@hs/contracts';
import { privacyNotice } from '../../privacy-notice';

/** The privacy notice the booking form links to and the /privacy page shows (issue 24). */
const publicPrivacyNotice: FastifyPluginAsyncTypebox = async (app) => {
  // Issue 50: cacheable by any HTTP cache, with a strong ETag and 304 (this plugin's route only).
  await app.register(etag);
  app.get(
    '/api/privacy-notice',
    {
      config: { publicCache: true },
      schema: {
        tags: ['public'],
        summary: 'The privacy notice, with the version a booking consents to',
        response: { 200: PrivacyNoticeResponseSchema },
      },
    },
    async () => ({ success: true, data: await privacyNotice(app.sql) }),
  );
};

export default publicPrivacyNotice;
