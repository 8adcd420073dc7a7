/**
 * Completes the OpenAPI document @fastify/swagger builds from the route schemas, in one place rather
 * than in every route: an operationId and a summary for each operation, an explicit `security: []`
 * on public calls, and the error answers every call of its kind can give (the envelope of
 * ErrorResponse): 400 where there is input to refuse, 401/403 behind a credential, 404 on a path
 * with an id, 413 with a body, 429 everywhere (the global rate limit). What a route documents
 * itself is kept. Checked with Redocly's recommended rules (test/openapi.int.spec.ts).
 */

type Json = Record<string, unknown>;
type Operation = Json & {
  operationId?: string;
  summary?: string;
  description?: string;
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ in: string; required?: boolean; schema?: Json }>;
  requestBody?: unknown;
  responses?: Record<string, Json>;
};

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

const ERROR_REF = { $ref: '#/components/schemas/ErrorResponse' };
export const ERROR_RESPONSE_SCHEMA = {
  type: 'object',
  required: ['success', 'message'],
  properties: {
    success: { type: 'boolean', enum: [false] },
    message: { type: 'string' },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        required: ['field', 'message'],
        properties: { field: { type: 'string' }, message: { type: 'string' } },
      },
    },
  },
};

const ERROR_DESCRIPTIONS: Record<string, string> = {
  '400': 'The input was refused (message, and errors per field)',
  '401': 'No valid credential',
  '403': "The credential's role may not do this",
  '404': 'Not found',
  '413': 'The body is larger than the limit',
  '429': 'Too many requests; try again later',
};

const pascal = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** `GET /api/admin/events/{id}` -> `getAdminEventsById`: unique because method and path are. */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .split('/')
    .filter((s) => s !== '' && s !== 'api')
    .map((s) => (s.startsWith('{') ? `By-${s.slice(1, -1)}` : s))
    .flatMap((s) => s.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return method + words.map(pascal).join('');
}

/** "List events", "Update events {id}": for the few calls whose route gave no summary. */
function summaryOf(method: string, path: string, op: Operation): string {
  const first = op.description?.split(/(?<=\.)\s/)[0];
  if (first) return first;
  const verbs: Record<string, string> = {
    get: 'Read',
    put: 'Update',
    post: 'Create',
    delete: 'Delete',
    patch: 'Change',
  };
  const item = /\{[^}]+\}$/.test(path);
  const verb = method === 'get' && !item ? 'List' : (verbs[method] ?? method.toUpperCase());
  return `${verb} ${path.replace(/^\/api\/(admin\/)?/, '')}`;
}

/** The answers a schema marks with `x-content-type` are that file type, not JSON (CSV, PDF). */
function fileContent(response: Json): void {
  const content = response.content as Record<string, { schema?: Json }> | undefined;
  if (!content) return;
  for (const [type, media] of Object.entries(content)) {
    const schema = media.schema;
    const fileType = schema?.['x-content-type'] as string | undefined;
    const alsoType = schema?.['x-also-content-type'] as string | undefined;
    if (fileType) {
      delete content[type];
      const { 'x-content-type': _, ...rest } = schema!;
      content[fileType] = { schema: rest };
    } else if (alsoType) {
      delete schema!['x-also-content-type'];
      content[alsoType] = { schema: { type: 'string' } };
    }
  }
}

function errorsFor(path: string, op: Operation): string[] {
  const codes = ['429'];
  const secured = (op.security ?? []).length > 0;
  if ((op.parameters ?? []).length > 0 || op.requestBody) codes.push('400');
  if (secured) codes.push('401');
  if ((op.security ?? []).some((s) => 'bearerAuth' in s)) codes.push('403');
  if (/\{[^}]+\}/.test(path)) codes.push('404');
  if (op.requestBody) codes.push('413');
  return codes;
}

export function completeOpenApi<T extends Json>(doc: T): T {
  const d = doc as Json & {
    paths?: Record<string, Record<string, Operation>>;
    components?: Json;
    servers?: unknown[];
  };
  d.servers = d.servers && d.servers.length > 0 ? d.servers : [{ url: '/' }];
  d.components ??= {};
  const components = d.components as Json & { schemas?: Json };
  components.schemas = { ...(components.schemas ?? {}), ErrorResponse: ERROR_RESPONSE_SCHEMA };
  for (const [path, item] of Object.entries(d.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      op.operationId ??= operationIdOf(method, path);
      op.summary ??= summaryOf(method, path, op);
      op.security ??= [];
      // A query parameter with a default may be left out (TypeBox marks it required all the same).
      for (const p of op.parameters ?? [])
        if (p.in !== 'path' && p.schema && 'default' in p.schema) p.required = false;
      op.responses ??= {};
      const responses = op.responses;
      for (const response of Object.values(responses)) fileContent(response);
      for (const code of errorsFor(path, op)) {
        responses[code] ??= {
          description: ERROR_DESCRIPTIONS[code]!,
          content: { 'application/json': { schema: ERROR_REF } },
        };
      }
    }
  }
  return doc;
}
