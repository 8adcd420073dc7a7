import { type TUnsafe, Type } from '@sinclair/typebox';
import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';

/** The parts of a valibot schema or action this module reads. */
interface Node {
  message?: unknown;
  pipe?: readonly Node[];
  wrapped?: Node;
  options?: readonly Node[];
  item?: Node;
  entries?: Record<string, Node>;
}

type Json = Record<string, unknown>;

/** Every message a schema can answer with, its pipes, wrappers, unions and nested objects included. */
function messagesOf(node: Node, out = new Set<string>()): Set<string> {
  if (typeof node.message === 'string') out.add(node.message);
  const inner = [...(node.pipe ?? []), node.wrapped, ...(node.options ?? []), node.item];
  for (const child of [...inner, ...Object.values(node.entries ?? {})]) {
    if (child && child !== node) messagesOf(child, out);
  }
  return out;
}

const describe = (messages: Iterable<string>) => {
  const list = [...messages].map((m) => `"${m}"`);
  return list.length === 0 ? undefined : `Refused (400) with: ${list.join('; ')}.`;
};

/** The JSON schema without `default`s, at any depth. */
function withoutDefaults(json: unknown): unknown {
  if (Array.isArray(json)) return json.map(withoutDefaults);
  if (json === null || typeof json !== 'object') return json;
  return Object.fromEntries(
    Object.entries(json)
      .filter(([key]) => key !== 'default')
      .map(([key, value]) => [key, withoutDefaults(value)]),
  );
}

/**
 * A request part's JSON schema (the served OpenAPI document, and the route's own check), derived from
 * the valibot schema that parses it: that schema, with the spec's messages, is the one description of
 * the input (issue 44).
 *
 * - Input types only (`typeMode: 'input'`): a field's conversion stops at its first transform, so the
 *   JSON schema checks only what the valibot schema checks of the raw value before it. It never refuses
 *   a body the valibot schema took, which would answer with a generic message instead of the spec's.
 * - What JSON Schema cannot say (transforms, custom and cross-field checks) is left out
 *   (`errorMode: 'ignore'`); each field's description lists the messages its checks answer with, and the
 *   body's description those of the checks across fields.
 * - No `default`s: the body validator fills them in, and an update that leaves `isActive` out must
 *   reach the route without it (`keepsActive`). The valibot schema applies its defaults as it parses.
 *
 * Typed as the valibot output: a route that parses in preValidation puts the output in the body's place.
 */
export function inputJsonSchema<S extends v.GenericSchema>(schema: S): TUnsafe<v.InferOutput<S>> {
  const { $schema: _, ...converted } = toJsonSchema(schema, {
    target: 'draft-2020-12',
    typeMode: 'input',
    errorMode: 'ignore',
  }) as Json;
  const json = withoutDefaults(converted) as Json;
  const node = schema as Node;
  const properties = json.properties as Record<string, Json> | undefined;
  for (const [key, entry] of Object.entries(node.entries ?? {})) {
    const description = describe(messagesOf(entry));
    if (properties?.[key] && description) properties[key] = { ...properties[key], description };
  }
  // The checks piped after the object (a promo needs a prefix, the end not before the start).
  const across = new Set<string>();
  for (const action of node.pipe?.slice(1) ?? []) messagesOf(action, across);
  const description = describe(across);
  if (Array.isArray(json.required) && json.required.length === 0) delete json.required;
  return Type.Unsafe<v.InferOutput<S>>(description ? { ...json, description } : json);
}
