import * as v from 'valibot';
import { badRequest, uniqueFieldErrors } from './errors';

type AnySchema = v.GenericSchema & {
  entries?: Record<string, v.GenericSchema>;
  pipe?: unknown[];
  wrapped?: unknown;
};

/** The schema of one object entry along a path, through pipes and optional/nullable wrappers. */
function entryAt(schema: AnySchema | undefined, path: readonly PropertyKey[]): AnySchema | undefined {
  let current = schema;
  for (const key of path) {
    while (current && !current.entries) {
      const inner = (current.pipe?.[0] ?? current.wrapped) as AnySchema | undefined;
      if (!inner || inner === current) return undefined;
      current = inner;
    }
    current = current?.entries?.[key as string];
  }
  return current;
}

/**
 * The message a field's own schema gives for a missing value: valibot reports
 * a missing key with the object's generic message, but the spec wants the
 * field's ('Username is required').
 */
function missingKeyMessage(schema: AnySchema, issue: v.BaseIssue<unknown>): string | undefined {
  if (issue.kind !== 'schema' || issue.input !== undefined || !issue.path) return undefined;
  const entry = entryAt(
    schema,
    issue.path.map((p) => p.key as PropertyKey),
  );
  if (!entry) return undefined;
  const result = v.safeParse(entry, undefined);
  return result.success ? undefined : result.issues[0]?.message;
}

/**
 * Runs a shared valibot schema (the same one the web form uses) over a request
 * part. Failure is a 400 whose message is the first field's message, in the
 * spec's words, with every field's message in `errors`.
 */
export function parseInput<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  let result: v.SafeParseResult<S>;
  try {
    result = v.safeParse(schema, input ?? {});
  } catch (err) {
    // A transform that throws on a value it was not written for (an amount beyond the safe integers,
    // say) is still the client's value at fault: refuse it rather than answer 500.
    if (err instanceof RangeError || err instanceof TypeError) throw badRequest('Invalid request');
    throw err;
  }
  if (result.success) return result.output;
  const all = result.issues.map((issue) => ({
    field: v.getDotPath(issue) ?? 'body',
    message: missingKeyMessage(schema as AnySchema, issue) ?? issue.message,
  }));
  // A missing field can fail several checks of its pipe with the same message: list it once.
  const errors = uniqueFieldErrors(all);
  throw badRequest(errors[0]?.message ?? 'Invalid request', errors);
}

/**
 * A route's `preValidation`: the shared schema checks the body before the route's JSON schema does,
 * so a wrong type gets the field's own message ('Name must be at least 3 characters'), not the
 * generic 'Invalid body: name must be string'. The handler still parses the body itself.
 */
export function checkFirst<S extends v.GenericSchema>(schema: S) {
  return async (request: { body: unknown }): Promise<void> => {
    parseInput(schema, request.body);
  };
}

/**
 * A route's `preValidation` that parses the body with the shared schema and puts the parsed value in
 * its place: the handler reads `request.body` as the schema's output (its messages, defaults, trims).
 */
export function parseFirst<S extends v.GenericSchema>(schema: S) {
  return async (request: { body: unknown }): Promise<void> => {
    request.body = parseInput(schema, request.body);
  };
}
