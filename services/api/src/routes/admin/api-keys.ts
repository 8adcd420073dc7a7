import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ApiKeyCreatedSchema,
  ApiKeyInputSchema,
  ApiKeySchema,
  Envelope,
  ErrorResponseSchema,
  IdParams,
  MessageResponseSchema,
  ROLES,
} from '@hs/contracts';
import type { Sql, TransactionSql } from '@hs/db';
import { Type } from '@sinclair/typebox';
import { audit } from '../../audit';
import { generateApiKey } from '../../auth/api-keys';
import { notFound } from '../../errors';
import { checkFirst, parseInput } from '../../validation';
import { keepsActive } from './inputs';
import { apiKeyFormSchema as ApiKeyInput } from '@hs/domain';

type Db = Sql | TransactionSql;

// `key` is the stored first 10 characters; the full key exists only in the creation answer.
const selectKeys = (db: Db, id?: number) => db`
  select id, key_prefix as key, description, is_active as "isActive", created_by as "createdBy",
         created_at as "createdAt", last_used as "lastUsed"
  from api_keys ${id === undefined ? db`` : db`where id = ${id}`}
  order by created_at desc, id desc`;

// biome-ignore lint/suspicious/noExplicitAny: row shape is the schema's
const toKey = (row: any) => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  lastUsed: row.lastUsed?.toISOString() ?? null,
});

async function findKey(db: Db, id: number) {
  const [row] = await selectKeys(db, id);
  if (!row) throw notFound('API key not found');
  return toKey(row);
}

const Errors = { 400: ErrorResponseSchema, 404: ErrorResponseSchema };

const apiKeys: FastifyPluginAsyncTypebox = async (app) => {
  const { sql } = app;

  app.get(
    '/api-keys',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'List partner API keys',
        tags: ['admin'],
        response: { 200: Envelope(Type.Array(ApiKeySchema)) },
      },
    },
    async () => ({ success: true as const, data: (await selectKeys(sql)).map(toKey) }),
  );

  app.post(
    '/api-keys',
    {
      config: { roles: ROLES.admin },
      schema: {
        tags: ['admin'],
        summary: 'Generate a key; the full key is in this answer only',
        body: Type.Partial(ApiKeyInputSchema),
        response: { 201: Envelope(ApiKeyCreatedSchema), ...Errors },
      },
      preValidation: checkFirst(ApiKeyInput),
    },
    async (request, reply) => {
      const input = parseInput(ApiKeyInput, request.body);
      const generated = generateApiKey();
      const created = await sql.begin(async (tx) => {
        const [row] = await tx<{ id: number }[]>`
          insert into api_keys (key_hash, key_prefix, description, is_active, created_by)
          values (${generated.hash}, ${generated.prefix}, ${input.description}, ${input.isActive}, ${request.actor})
          returning id`;
        const after = await findKey(tx, row!.id);
        await audit(tx, {
          actor: request.actor,
          action: 'create',
          entity: 'api_key',
          entityId: row!.id,
          after,
        });
        return after;
      });
      return reply.status(201).send({ success: true as const, data: { ...created, key: generated.key } });
    },
  );

  app.put(
    '/api-keys/:id',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Update a partner API key',
        tags: ['admin'],
        params: IdParams,
        body: Type.Partial(ApiKeyInputSchema),
        response: { 200: Envelope(ApiKeySchema), ...Errors },
      },
      preValidation: checkFirst(ApiKeyInput),
    },
    async (request) => {
      const input = parseInput(ApiKeyInput, request.body);
      const { id } = request.params;
      const updated = await sql.begin(async (tx) => {
        const before = await findKey(tx, id);
        // An edit without isActive leaves the switch as it is: it never re-activates a revoked key.
        const isActive = keepsActive(request.body) ? before.isActive : input.isActive;
        await tx`update api_keys set description = ${input.description}, is_active = ${isActive} where id = ${id}`;
        const after = await findKey(tx, id);
        await audit(tx, {
          actor: request.actor,
          action: 'update',
          entity: 'api_key',
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
    '/api-keys/:id',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Delete a partner API key',
        tags: ['admin'],
        params: IdParams,
        response: { 200: MessageResponseSchema, ...Errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      await sql.begin(async (tx) => {
        const before = await findKey(tx, id);
        await tx`delete from api_keys where id = ${id}`;
        await audit(tx, { actor: request.actor, action: 'delete', entity: 'api_key', entityId: id, before });
      });
      return { success: true, message: 'API key deleted' };
    },
  );
};

export default apiKeys;
