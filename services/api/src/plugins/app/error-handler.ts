import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isPostgresUnreachable } from '@hs/db';
import { type DomainErrorCode, domainErrorHttpStatus } from '@hs/domain';
import { CommandConflictError, CommandRefusedError } from '@hs/eventstore';
import { type FieldError, HttpError, TooManyRequestsError, uniqueFieldErrors } from '../../errors';

function fieldOf(instancePath: string | undefined, missing?: string): string {
  const path = (instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  return [path, missing].filter(Boolean).join('.') || 'body';
}

type AjvError = {
  keyword?: string;
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
};

/**
 * Schema errors as `{ field, message }`, each once. A value that matches none of a list of constants
 * (a union of literals) fails each of them, and the schema then reports "must be equal to constant"
 * once per constant, so those become one "must be one of: a, b, c" per field.
 */
export function schemaErrors(validation: AjvError[]): FieldError[] {
  const allowed = new Map<string, unknown[]>();
  const out: FieldError[] = [];
  for (const v of validation) {
    const field = fieldOf(v.instancePath, v.params?.missingProperty as string | undefined);
    if (v.keyword === 'const') {
      allowed.set(field, [...(allowed.get(field) ?? []), v.params?.allowedValue]);
      continue;
    }
    if (v.keyword === 'anyOf' && allowed.has(field)) continue;
    out.push({ field, message: v.message ?? 'is invalid' });
  }
  for (const [field, values] of allowed)
    out.unshift({ field, message: `must be one of: ${values.map(String).join(', ')}` });
  return uniqueFieldErrors(out);
}

/**
 * True when the failure is Postgres (or its pool) being unreachable rather than a bug: refused, reset
 * (Postgres going down under a query, tests/system/postgres-restart.e2e.spec.ts), shutting down or
 * starting up, SQLSTATE class 08.
 */
export const isDatabaseDown = isPostgresUnreachable;

/**
 * True for a Postgres error caused by the value sent rather than by the server: data exceptions
 * (SQLSTATE class 22: bad number or date syntax, out of range, NUL byte, string too long) and
 * program limits (54: a value too large to index). The input got past validation; it is still the
 * client's input, so it is a 400, logged at warn so the missing validation can be added.
 */
export function isBadValueForDatabase(err: unknown): boolean {
  const e = err as { name?: string; code?: unknown; severity?: unknown };
  if (typeof e?.code !== 'string' || !/^(22|54)[0-9A-Z]{3}$/.test(e.code)) return false;
  return e.name === 'PostgresError' || typeof e.severity === 'string';
}

/**
 * One error shape for the whole api: `{ success: false, message, errors? }`.
 * Client errors say what was wrong; server errors are logged in full and
 * answered with a generic sentence, never a stack or an internal message.
 */
export default fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((err: FastifyError & { validation?: unknown }, request, reply) => {
      if (err instanceof HttpError) {
        if (err instanceof TooManyRequestsError) reply.header('retry-after', String(err.retryAfterSeconds));
        return reply
          .status(err.statusCode)
          .send({ success: false, message: err.message, errors: err.errors });
      }
      if (err instanceof CommandRefusedError) {
        // Refusals come from the domain's deciders, so their codes are the domain's.
        const status = domainErrorHttpStatus({ code: err.code as DomainErrorCode });
        // A full slot's refusal carries its day as it is now (issue 50, booking/fresh-slots.ts).
        const fresh = 'timeslots' in err ? { timeslots: err.timeslots } : {};
        return reply.status(status).send({ success: false, message: err.message, ...fresh });
      }
      if (err instanceof CommandConflictError) {
        // Retried with fresh reads several times and still racing: the client may simply try again.
        return reply.status(409).send({
          success: false,
          message: 'This was changed by someone else at the same moment. Please try again.',
        });
      }
      if (err.validation && Array.isArray(err.validation)) {
        const errors = schemaErrors(err.validation);
        const first = errors[0];
        return reply.status(400).send({
          success: false,
          message: first
            ? `Invalid ${err.validationContext ?? 'request'}: ${first.field} ${first.message}`
            : 'Invalid request',
          errors,
        });
      }
      if (isBadValueForDatabase(err)) {
        request.log.warn({ err }, 'a request value was refused by the database');
        return reply.status(400).send({ success: false, message: 'Invalid request' });
      }
      if (isDatabaseDown(err)) {
        request.log.error({ err }, 'database unavailable');
        return reply.status(503).header('retry-after', '5').send({
          success: false,
          message: 'The service is temporarily unavailable. Please try again shortly.',
        });
      }
      const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 500;
      if (status >= 500) {
        request.log.error({ err }, 'unhandled error');
        return reply.status(status).send({ success: false, message: 'Internal server error' });
      }
      // Fastify's own 4xx (malformed JSON, body too large, unsupported media type, rate limit) carry safe messages.
      return reply.status(status).send({ success: false, message: err.message });
    });
  },
  { name: 'error-handler' },
);
