/**
 * Template safety, layer 2: how a template runs. Even a template that never went through
 * `validateTemplate` (a row edited in the database, a validator bug) cannot reach a secret:
 *
 * - EJS only *generates* the JavaScript source (`Template#generateSource`, strict mode, `_with: false`,
 *   the variables destructured from a null-prototype `locals`); nothing is compiled in our realm.
 * - The source runs in a fresh `node:vm` context whose global object has a null prototype and nothing
 *   on it: no `process`, `require`, `Buffer`, timers or host objects. String code generation is off in
 *   that context (`eval` and `Function('...')` throw), so `this.constructor.constructor('return process')`
 *   has nothing to build. The data crosses as a JSON string parsed inside the context, so no object of
 *   our realm (and none of its constructors) is reachable.
 * - Time limit: `vm` `timeout` (default 1 s) with `microtaskMode: 'afterEvaluate'`, so neither a
 *   loop nor a promise chain can hold the worker. Validated templates are bounded anyway (no `while`,
 *   loops only over provided lists); the timeout is for everything else.
 *
 * `vm` is not a security boundary on its own; it is the second of two layers, the validator is first,
 * and `renderEmail` never runs a template the validator refuses. Known gap of this layer alone: code that
 * creates a rejected promise (e.g. `import()`) causes an unhandledRejection in the host process; the
 * validator's grammar (no calls) makes that impossible for any template that reaches this function
 * through `renderEmail`.
 */
import vm from 'node:vm';
import ejs from 'ejs';
import { TEMPLATE_VARIABLE_NAMES } from '@hs/domain';

/**
 * A real template renders in a millisecond or two; this only stops a runaway one. 100 ms was too
 * tight on a loaded 2-core machine, where a descheduled worker let good templates time out and mail
 * went out with the default subject instead of the staff's.
 */
export const DEFAULT_RENDER_TIMEOUT_MS = 1000;

export type EscapeMode = 'html' | 'text';

export class TemplateRenderError extends Error {
  override name = 'TemplateRenderError';
}

const NAMES = TEMPLATE_VARIABLE_NAMES.filter((n) => /^[A-Za-z][A-Za-z0-9]*$/.test(n));

/** ejs's escapeXML, defined inside the sandbox (html), or CR/LF flattening for subjects (text). */
const ESCAPERS: Record<EscapeMode, string> = {
  html: `function escapeFn(s) {
    if (s === undefined || s === null) return '';
    return String(s).replace(/[&<>'"]/g, function (c) {
      return c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&#34;' : '&#39;';
    });
  }`,
  text: `function escapeFn(s) {
    if (s === undefined || s === null) return '';
    return String(s).replace(/[\\r\\n]+/g, ' ');
  }`,
};

/**
 * Renders an EJS template over plain data inside the sandbox described above. Throws
 * `TemplateRenderError` (with a generic message: never template output or data) when the template does
 * not compile, throws, or runs out of time.
 */
export function renderSandboxed(
  source: string,
  data: Record<string, unknown>,
  opts: { escape?: EscapeMode; timeoutMs?: number } = {},
): string {
  // Only the known variables, as plain data: a JSON round trip drops functions, getters and prototypes,
  // and the JSON is parsed again inside the context.
  const picked: Record<string, unknown> = {};
  for (const n of NAMES) if (data && Object.hasOwn(data, n)) picked[n] = data[n];
  const json = JSON.stringify(picked);
  let body: string;
  try {
    const tpl = new ejs.Template(source, { strict: true, _with: false, compileDebug: false });
    (tpl as unknown as { generateSource(): void }).generateSource();
    body = tpl.source;
  } catch {
    throw new TemplateRenderError('Template could not be parsed');
  }
  const destructure = NAMES.map((n) => `${n} = __locals[${JSON.stringify(n)}]`).join(',\n  ');
  const code = `"use strict";
(function () {
  ${ESCAPERS[opts.escape ?? 'html']}
  const __parsed = JSON.parse(${JSON.stringify(json)});
  const __locals = Object.assign(Object.create(null), __parsed);
  return (function (locals, escapeFn, include, rethrow) {
  let __output = "";
  function __append(s) { if (s !== undefined && s !== null) __output += s }
  const ${destructure};
${body}
  return __output;
  })(__locals, escapeFn, undefined, undefined);
})()`;
  let script: vm.Script;
  try {
    script = new vm.Script(code, { filename: 'email-template.ejs' });
  } catch {
    throw new TemplateRenderError('Template could not be compiled');
  }
  const context = vm.createContext(Object.create(null), {
    name: 'email-template',
    codeGeneration: { strings: false, wasm: false },
    microtaskMode: 'afterEvaluate',
  });
  let result: unknown;
  try {
    result = script.runInContext(context, { timeout: opts.timeoutMs ?? DEFAULT_RENDER_TIMEOUT_MS });
  } catch (e) {
    // errors thrown inside the context are of its realm (not `instanceof Error` here): read the code only
    const timedOut = (e as { code?: unknown } | null)?.code === 'ERR_SCRIPT_EXECUTION_TIMEOUT';
    throw new TemplateRenderError(
      timedOut ? 'Template took too long to render' : 'Template failed while rendering',
    );
  }
  if (typeof result !== 'string') throw new TemplateRenderError('Template did not produce text');
  return result;
}
