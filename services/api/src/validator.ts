import type { FastifySchemaCompiler } from 'fastify';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';

function makeAjv(coerceTypes: boolean | 'array') {
  const ajv = new Ajv({
    coerceTypes,
    useDefaults: true,
    removeAdditional: false,
    allErrors: false,
    strict: false,
  });
  addFormats.default ? addFormats.default(ajv) : (addFormats as unknown as (a: Ajv) => void)(ajv);
  return ajv;
}

// Query strings, params and headers are text and need coercion ("5" -> 5). Bodies are JSON and must not be
// coerced: coercion would turn a null price into 0 or "" before the domain schema sees it.
const coercing = makeAjv('array');
const strict = makeAjv(false);

export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) =>
  (httpPart === 'body' ? strict : coercing).compile(schema) as ReturnType<FastifySchemaCompiler<object>>;
