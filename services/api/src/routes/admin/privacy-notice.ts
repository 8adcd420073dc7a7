import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponseSchema, PrivacyNoticeInputSchema, PrivacyNoticeResponseSchema } from '@hs/contracts';
import { badRequest } from '../../errors';
import { privacyNotice, savePrivacyNotice } from '../../privacy-notice';

/** The back-office editor of the privacy notice (issue 24): admin only, like the email templates. */
const privacyNoticeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/privacy-notice',
    {
      schema: {
        summary: 'The privacy notice in force, with its version',
        response: { 200: PrivacyNoticeResponseSchema },
      },
    },
    async () => ({ success: true, data: await privacyNotice(app.sql) }),
  );

  app.put(
    '/privacy-notice',
    {
      schema: {
        summary: 'Change the privacy notice; a changed text gets the next version',
        body: PrivacyNoticeInputSchema,
        response: { 200: PrivacyNoticeResponseSchema, 400: ErrorResponseSchema },
      },
    },
    async (request) => {
      const text = request.body.text.replace(/\r\n/g, '\n').trim();
      if (!text) throw badRequest('The privacy notice cannot be empty');
      return { success: true, data: await savePrivacyNotice(app.sql, text, request.actor) };
    },
  );
};

export default privacyNoticeRoutes;
