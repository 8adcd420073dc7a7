import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  EmailConfigInputSchema,
  EmailConfigSchema,
  Envelope,
  ErrorResponseSchema,
  IdParams,
  MessageResponseSchema,
  ROLES,
} from '@hs/contracts';
import type { Sql, TransactionSql } from '@hs/db';
import { isTemplateConfigKey, validateTemplate } from '@hs/notifications';
import { Type } from '@sinclair/typebox';
import { audit } from '../../audit';
import { badRequest, conflict, notFound } from '../../errors';
import { checkFirst, parseInput } from '../../validation';
import { leavesOut } from './inputs';
import {
  emailConfigSchema as EmailConfigCreateInput,
  emailConfigUpdateSchema as EmailConfigUpdateInput,
} from '@hs/domain';

type Db = Sql | TransactionSql;

const selectConfigs = (db: Db, id?: number) => db`
  select id, config_key as "configKey", config_value as "configValue", description, last_updated_by as "lastUpdatedBy",
         created_at as "createdAt", updated_at as "updatedAt"
  from email_configs ${id === undefined ? db`` : db`where id = ${id}`}
  order by config_key`;

// biome-ignore lint/suspicious/noExplicitAny: row shape is the schema's
const toConfig = (row: any) => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

async function findConfig(db: Db, id: number) {
  const [row] = await selectConfigs(db, id);
  if (!row) throw notFound('Email configuration not found');
  return toConfig(row);
}

/**
 * Email templates are EJS, and EJS runs JavaScript: a template config is checked against the
 * allow-list grammar of @hs/notifications before it is stored (the worker renders sandboxed anyway).
 */
function refuseUnsafeTemplate(configKey: string, configValue: unknown) {
  if (!isTemplateConfigKey(configKey) || typeof configValue !== 'string') return;
  const check = validateTemplate(configValue);
  if (!check.ok) throw badRequest(check.message, [{ field: 'configValue', message: check.message }]);
}

const Errors = { 400: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema };

/** Email settings and templates (EJS) read by the worker when it sends. */
const emailConfigs: FastifyPluginAsyncTypebox = async (app) => {
  const { sql } = app;

  app.get(
    '/email-configs',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'List email settings',
        tags: ['admin'],
        response: { 200: Envelope(Type.Array(EmailConfigSchema)) },
      },
    },
    async () => ({ success: true as const, data: (await selectConfigs(sql)).map(toConfig) }),
  );

  app.post(
    '/email-configs',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Create or update an email setting',
        tags: ['admin'],
        body: Type.Partial(EmailConfigInputSchema),
        response: { 201: Envelope(EmailConfigSchema), ...Errors },
      },
      preValidation: checkFirst(EmailConfigCreateInput),
    },
    async (request, reply) => {
      const input = parseInput(EmailConfigCreateInput, request.body);
      refuseUnsafeTemplate(input.configKey, input.configValue);
      try {
        const created = await sql.begin(async (tx) => {
          const [row] = await tx<{ id: number }[]>`
            insert into email_configs (config_key, config_value, description, last_updated_by)
            values (${input.configKey}, ${input.configValue}, ${input.description}, ${request.actor})
            returning id`;
          const after = await findConfig(tx, row!.id);
          await audit(tx, {
            actor: request.actor,
            action: 'create',
            entity: 'email_config',
            entityId: row!.id,
            after,
          });
          return after;
        });
        return reply.status(201).send({ success: true as const, data: created });
      } catch (err) {
        if ((err as { code?: string }).code === '23505')
          throw conflict('A configuration with this key already exists');
        throw err;
      }
    },
  );

  app.patch(
    '/email-configs/:id',
    {
      config: { roles: ROLES.admin },
      schema: {
        tags: ['admin'],
        summary:
          'Change value and description (a description left out keeps its value); the key is read-only',
        params: IdParams,
        body: Type.Partial(EmailConfigInputSchema),
        response: { 200: Envelope(EmailConfigSchema), ...Errors },
      },
      preValidation: checkFirst(EmailConfigUpdateInput),
    },
    async (request) => {
      const input = parseInput(EmailConfigUpdateInput, request.body);
      const { id } = request.params;
      const updated = await sql.begin(async (tx) => {
        const before = await findConfig(tx, id);
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
        const after = await findConfig(tx, id);
        await audit(tx, {
          actor: request.actor,
          action: 'update',
          entity: 'email_config',
          entityId: id,
          before,
          after,
        });
        return after;
      });
      return { success: true as const, data: updated };
    },
  );

  app.delete(
    '/email-configs/:id',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Delete an email setting',
        tags: ['admin'],
        params: IdParams,
        response: { 200: MessageResponseSchema, ...Errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      await sql.begin(async (tx) => {
        const before = await findConfig(tx, id);
        await tx`delete from email_configs where id = ${id}`;
        await audit(tx, {
          actor: request.actor,
          action: 'delete',
          entity: 'email_config',
          entityId: id,
          before,
        });
      });
      return { success: true, message: 'Configuration deleted' };
    },
  );
};

export default emailConfigs;
