/**
 * One way to run a schema for api handlers and web forms alike: every field's first problem (in pipe
 * order, so a field reports the earliest rule it breaks),
 * keyed by its dotted path ('participants.0.firstName'); '' for a problem with the whole input.
 */
import * as v from 'valibot';

export interface FieldError {
  field: string;
  message: string;
}

export type ValidationResult<T> =
  | { ok: true; value: T }
  | {
      ok: false /** the first error's message, for a toast or a 400 answer */;
      message: string;
      errors: FieldError[];
    };

type AnySchema = v.GenericSchema<unknown, unknown>;

export function validate<S extends AnySchema>(schema: S, input: unknown): ValidationResult<v.InferOutput<S>> {
  const result = v.safeParse(schema, input);
  if (result.success) return { ok: true, value: result.output };
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  for (const issue of result.issues) {
    const field = v.getDotPath(issue) ?? '';
    if (seen.has(field)) continue;
    seen.add(field);
    errors.push({ field, message: issue.message });
  }
  return { ok: false, message: errors[0]!.message, errors };
}

/** errors as { field: message } for a form library. */
export function errorMap(errors: readonly FieldError[]): Record<string, string> {
  return Object.fromEntries(errors.map((e) => [e.field, e.message]));
}
