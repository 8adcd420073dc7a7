import { EmailConfigSchema } from '@hs/contracts';
import {
  emailConfigSchema as EmailConfigCreateInput,
  emailConfigUpdateSchema as EmailConfigUpdateInput,
} from '@hs/domain';
import { isTemplateConfigKey, validateTemplate } from '@hs/notifications';
import { badRequest } from '../../errors';
import { catalogueRoutes, deleteRow, formBody, insertedId, rowsOf } from './catalogue-routes';
import { leavesOut } from './inputs';

/**
 * Email templates are EJS, and EJS runs JavaScript: a template config is checked against the
 * allow-list grammar of @hs/notifications before it is stored (the worker renders sandboxed anyway).
 */
function refuseUnsafeTemplate(configKey: string, configValue: unknown) {
  if (!isTemplateConfigKey(configKey) || typeof configValue !== 'string') return;
  const check = validateTemplate(configValue);
  if (!check.ok) throw badRequest(check.message, [{ field: 'configValue', message: check.message }]);
}

/** Email settings and templates (EJS) read by the worker when it sends. */
const emailConfigs = catalogueRoutes({
  path: '/email-configs',
  entity: 'email_config',
  schema: EmailConfigSchema,
  rows: rowsOf({
    notFound: 'Email configuration not found',
    dates: ['createdAt', 'updatedAt'],
    select: (db, where) => db`
      select id, config_key as "configKey", config_value as "configValue", description, last_updated_by as "lastUpdatedBy",
             created_at as "createdAt", updated_at as "updatedAt"
      from email_configs ${where}
      order by config_key`,
  }),
  // the key is unique; an update cannot change it
  duplicate: 'A configuration with this key already exists',
  list: { summary: 'List email settings' },
  create: {
    summary: 'Create an email setting (a key already in use answers 409)',
    body: formBody(EmailConfigCreateInput),
    insert: async (tx, input, request) => {
      refuseUnsafeTemplate(input.configKey, input.configValue);
      return insertedId(tx`
        insert into email_configs (config_key, config_value, description, last_updated_by)
        values (${input.configKey}, ${input.configValue}, ${input.description}, ${request.actor})
        returning id`);
    },
  },
  update: {
    method: 'PATCH',
    summary: 'Change value and description (a description left out keeps its value); the key is read-only',
    body: formBody(EmailConfigUpdateInput),
    apply: async (tx, id, input, { before, request }) => {
      const requestedKey = (request.body as { configKey?: unknown }).configKey;
      if (requestedKey !== undefined && requestedKey !== before.configKey) {
        throw badRequest('The key of a configuration cannot be changed');
      }
      refuseUnsafeTemplate(before.configKey, input.configValue);
      const description = leavesOut(request.body, 'description') ? before.description : input.description;
      await tx`
        update email_configs set config_value = ${input.configValue}, description = ${description},
          last_updated_by = ${request.actor}
        where id = ${id}`;
    },
  },
  delete: {
    summary: 'Delete an email setting',
    message: 'Configuration deleted',
    remove: deleteRow('email_configs'),
  },
});

export default emailConfigs;
