import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { RETENTION_DAYS_SETTING, readRetentionDays } from '@hs/commands';
import { readRetentionConfig } from '@hs/config';
import { ErrorResponseSchema, PrivacySettingsResponseSchema, PrivacySettingsSchema } from '@hs/contracts';
import { saveSetting } from '../../settings';

/**
 * How long personal data is kept after the appointment (issue 24): admin only, audited like every
 * setting. Until an admin sets it, PERSONAL_DATA_RETENTION_DAYS (default 730) decides.
 */
const privacySettingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const fallback = readRetentionConfig().retentionDays;

  app.get(
    '/privacy-settings',
    {
      schema: {
        summary: 'How many days after the appointment personal data is kept',
        response: { 200: PrivacySettingsResponseSchema },
      },
    },
    async () => ({ success: true, data: { retentionDays: await readRetentionDays(app.sql, fallback) } }),
  );

  app.put(
    '/privacy-settings',
    {
      schema: {
        summary: 'Set the retention period of personal data (30 to 3650 days; audited)',
        body: PrivacySettingsSchema,
        response: { 200: PrivacySettingsResponseSchema, 400: ErrorResponseSchema },
      },
    },
    async (request) => {
      const { retentionDays } = request.body;
      await app.sql.begin(async (tx) => {
        const before = await readRetentionDays(tx, fallback);
        await saveSetting(tx, {
          key: RETENTION_DAYS_SETTING,
          value: String(retentionDays),
          description: 'Days after the appointment when personal data is erased',
          actor: request.actor,
          before: { retentionDays: before },
          after: { retentionDays },
        });
      });
      return { success: true, data: { retentionDays } };
    },
  );
};

export default privacySettingsRoutes;
