/**
 * Checks answers against the served OpenAPI document (/api/docs/json): the status must be one the
 * operation documents, and a JSON body must match that status's schema. The contract and answer-field
 * tests run every request through it (startTestApi({ checkAnswers: true })), so the document cannot
 * drift from what the api really answers.
 */
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

type Json = Record<string, unknown>;
interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: Json }> }>;
}

interface Route {
  template: string;
  pattern: RegExp;
  params: number;
  operations: Record<string, Operation>;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export async function answerChecker(app: FastifyInstance) {
  const doc = (await app.inject('/api/docs/json')).json() as Json & {
    paths: Record<string, Record<string, Operation>>;
  };
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  ajv.addSchema({ ...doc, $id: 'openapi' });
  const routes: Route[] = Object.entries(doc.paths)
    .map(([template, operations]) => ({
      template,
      operations,
      params: (template.match(/\{/g) ?? []).length,
      pattern: new RegExp(
        `^${template
          .split(/\{[^}]+\}/)
          .map(escapeRegExp)
          .join('[^/]+')}$`,
      ),
    }))
    // A literal segment wins over a parameter (/registrations/lookup/x before /registrations/{id}/...).
    .sort((a, b) => a.params - b.params);

  return (method: string, url: string, res: LightMyRequestResponse): string | null => {
    const path = url.split('?')[0]!;
    const route = routes.find((r) => r.pattern.test(path) && r.operations[method.toLowerCase()]);
    if (!route) return res.statusCode === 404 ? null : `${method} ${path}: no documented operation`;
    const op = route.operations[method.toLowerCase()]!;
    const status = String(res.statusCode);
    const answer = op.responses?.[status] ?? op.responses?.default;
    if (!answer)
      return `${method} ${route.template}: status ${status} is not documented (${res.body.slice(0, 200)})`;
    const type = String(res.headers['content-type'] ?? '')
      .split(';')[0]!
      .trim();
    if (!answer.content || type === '' || res.body === '') return null;
    if (!answer.content[type])
      return `${method} ${route.template} ${status}: content type ${type} is not documented`;
    if (type !== 'application/json') return null;
    const pointer = [
      'paths',
      route.template,
      method.toLowerCase(),
      'responses',
      status,
      'content',
      type,
      'schema',
    ]
      .map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1'))
      .join('/');
    const validate = ajv.getSchema(`openapi#/${pointer}`);
    if (!validate) return `${method} ${route.template} ${status}: no schema`;
    if (validate(res.json())) return null;
    return `${method} ${route.template} ${status}: the body does not match the document: ${ajv.errorsText(validate.errors)}`;
  };
}

/** Wraps app.inject so that an answer the document does not describe fails the test at once. */
export async function checkEveryAnswer(app: FastifyInstance): Promise<void> {
  const check = await answerChecker(app);
  const inject = app.inject.bind(app);
  const checked = async (options: InjectOptions | string) => {
    const res = await inject(options as InjectOptions);
    const opts = typeof options === 'string' ? { url: options, method: 'GET' } : options;
    const url = typeof opts.url === 'string' ? opts.url : String(opts.path ?? '');
    const problem = check(String(opts.method ?? 'GET'), url, res);
    if (problem) throw new Error(`undocumented answer: ${problem}`);
    return res;
  };
  (app as unknown as { inject: typeof checked }).inject = checked;
}
