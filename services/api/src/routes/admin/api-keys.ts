import { ApiKeyCreatedSchema, ApiKeySchema, ErrorResponseSchema } from '@hs/contracts';
import { apiKeyFormSchema as ApiKeyInput } from '@hs/domain';
import { generateApiKey } from '../../auth/api-keys';
import { catalogueRoutes, deleteRow, formBody, insertedId, rowsOf } from './catalogue-routes';
import { keepsActive } from './inputs';

// `key` is the stored first 10 characters; the full key exists only in the creation answer.
/** Partner API keys: stored as a hash and a prefix. */
const apiKeys = catalogueRoutes({
  path: '/api-keys',
  entity: 'api_key',
  schema: ApiKeySchema,
  rows: rowsOf({
    notFound: 'API key not found',
    dates: ['createdAt', 'lastUsed'],
    select: (db, where) => db`
      select id, key_prefix as key, description, is_active as "isActive", created_by as "createdBy",
             created_at as "createdAt", last_used as "lastUsed"
      from api_keys ${where}
      order by created_at desc, id desc`,
  }),
  errors: { 400: ErrorResponseSchema, 404: ErrorResponseSchema },
  list: { summary: 'List partner API keys' },
  create: {
    summary: 'Generate a key; the full key is in this answer only',
    body: formBody(ApiKeyInput),
    insert: async (tx, input, request) => {
      const generated = generateApiKey();
      const { id } = await insertedId(tx`
        insert into api_keys (key_hash, key_prefix, description, is_active, created_by)
        values (${generated.hash}, ${generated.prefix}, ${input.description}, ${input.isActive}, ${request.actor})
        returning id`);
      return { id, key: generated.key };
    },
    answer: {
      schema: ApiKeyCreatedSchema,
      data: (created, { key }) => ({ ...(created as object), key }),
    },
  },
  update: {
    summary: 'Update a partner API key',
    body: formBody(ApiKeyInput),
    apply: async (tx, id, input, { before, request }) => {
      // An edit without isActive leaves the switch as it is: it never re-activates a revoked key.
      const isActive = keepsActive(request.body) ? before.isActive : input.isActive;
      await tx`update api_keys set description = ${input.description}, is_active = ${isActive} where id = ${id}`;
    },
  },
  delete: {
    summary: 'Delete a partner API key',
    message: 'API key deleted',
    remove: deleteRow('api_keys'),
  },
});

export default apiKeys;
