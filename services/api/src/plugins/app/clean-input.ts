import { MULTILINE_FIELDS, cleanText } from '@hs/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Issue 43: a NUL in a booking's name was answered 201 and then broke the projection for good, since
 * no Postgres text or jsonb value can hold it. Rather than teach every route and form schema about such
 * characters, every string a request carries is made safe once, here, before any validation sees it:
 * cleanText (packages/domain/src/text.ts) drops C0/C1 controls, lone surrogates and bidi overrides,
 * turns line breaks into a space outside the multi-line fields, and puts the text in NFC. A value that
 * is left empty then fails its field's own "required" check, with the spec's message.
 */

/** Passwords are only hashed, never stored or shown: cleaning them would lock out whoever set one. */
const PASSWORD = /password/i;

/**
 * Cleans every string of a parsed request part in place: values, array items and object keys (a
 * person sends those too). A string is multi-line when its own key (an array item's: the array's) is
 * in MULTILINE_FIELDS. Walked with a list rather than recursion, so no nesting depth a 1 MiB body can
 * reach turns into a stack overflow (a 500).
 */
function cleanInPlace(root: unknown): void {
  const todo: { node: object; multiline: boolean }[] = [];
  if (root !== null && typeof root === 'object') todo.push({ node: root, multiline: false });
  for (let next = todo.pop(); next; next = todo.pop()) {
    const { node } = next;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const item: unknown = node[i];
        if (typeof item === 'string') node[i] = cleanText(item, { multiline: next.multiline });
        else if (item !== null && typeof item === 'object')
          todo.push({ node: item, multiline: next.multiline });
      }
      continue;
    }
    const holder = node as Record<string, unknown>;
    for (const key of Object.keys(holder)) {
      const value = holder[key];
      const name = cleanText(key);
      if (name !== key) {
        delete holder[key];
        // The JSON parser refuses a __proto__ key; one made of __proto__ and controls is dropped too.
        if (name === '__proto__') continue;
        holder[name] = value;
      }
      if (PASSWORD.test(name)) continue;
      const multiline = MULTILINE_FIELDS.has(name);
      if (typeof value === 'string') holder[name] = cleanText(value, { multiline });
      else if (value !== null && typeof value === 'object') todo.push({ node: value, multiline });
    }
  }
}

export default fp(
  async (app: FastifyInstance) => {
    // Global and added before any route, so it runs before the routes' own preValidation hooks (the
    // valibot checkFirst) and before the TypeBox schemas: both see only cleaned values.
    app.addHook('preValidation', async (request: FastifyRequest) => {
      // A text/plain body is one string with no key to tell its kind: its line breaks are kept.
      if (typeof request.body === 'string') request.body = cleanText(request.body, { multiline: true });
      else cleanInPlace(request.body);
      cleanInPlace(request.query);
      cleanInPlace(request.params);
    });
  },
  { name: 'clean-input' },
);
