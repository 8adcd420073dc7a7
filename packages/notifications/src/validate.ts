/**
 * Template safety, layer 1: an allow-list validator for admin-edited EJS templates.
 *
 * EJS runs the JavaScript inside its tags, so a template is accepted only when every tag belongs to a
 * tiny grammar (anything else is refused with a message naming the problem):
 *
 *   <%= Expr %>                       HTML-escaped output (the only output tag; `<%-` raw is refused)
 *   <% if (Expr) { %> <% } else if (Expr) { %> <% } else { %> <% } %>
 *   <% for (const item of listVariable) { %> ... <% } %>
 *   <%# comment %>   <%% (a literal "<%")
 *
 *   Expr    := Or ('?' Expr ':' Expr)?
 *   Or      := And (('||' | '??') And)*          And := Cmp ('&&' Cmp)*
 *   Cmp     := Unary (('===' | '!==' | '==' | '!=' | '<' | '<=' | '>' | '>=') Unary)?
 *   Unary   := '!' Unary | '(' Expr ')' | 'string' | "string" | number | true | false | null | Path
 *   Path    := variable ('.' field)*   -- a variable from TEMPLATE_VARIABLES or a loop variable;
 *              fields: a list element's declared fields, and `length`; nothing else
 *
 * No calls, no brackets, no assignment, no `this`, no templates literals (backticks), no `while`;
 * loops run only over the lists we provide, so rendering is bounded by template size x data size.
 * Layer 2 (render.ts) runs the compiled template in a locked-down `node:vm` context with a timeout.
 */
import { TEMPLATE_VARIABLES, type TemplateVariable } from '@hs/domain';

export type TemplateValidation = { ok: true } | { ok: false; message: string };

/** Templates longer than this are refused (keeps render time and memory bounded). */
export const MAX_TEMPLATE_LENGTH = 50_000;
const MAX_BLOCK_DEPTH = 6;

/** Names that get a specific explanation instead of "unknown variable". */
const FORBIDDEN_NAMES: Record<string, string> = {
  process: 'the process and its environment are not available to templates',
  global: 'globals are not available to templates',
  globalThis: 'globals are not available to templates',
  window: 'globals are not available to templates',
  self: 'globals are not available to templates',
  require: 'templates cannot load modules',
  import: 'templates cannot load modules',
  module: 'templates cannot load modules',
  exports: 'templates cannot load modules',
  Function: 'templates cannot create functions',
  eval: 'templates cannot evaluate code',
  constructor: 'templates cannot reach constructors',
  __proto__: 'templates cannot reach prototypes',
  prototype: 'templates cannot reach prototypes',
  this: 'templates cannot use `this`',
  locals: 'use the variable names directly',
  include: 'includes are not allowed',
  escapeFn: 'internal names are not available',
  __append: 'internal names are not available',
  __output: 'internal names are not available',
  arguments: 'internal names are not available',
  new: 'templates cannot create objects',
  function: 'templates cannot define functions',
  async: 'templates cannot define functions',
  await: 'templates cannot await',
  while: 'only `for (const x of list)` loops are allowed',
  do: 'only `for (const x of list)` loops are allowed',
  var: 'templates cannot declare variables (only a `for (const x of list)` loop variable)',
  let: 'templates cannot declare variables (only a `for (const x of list)` loop variable)',
  const: 'templates cannot declare variables (only a `for (const x of list)` loop variable)',
  class: 'templates cannot define classes',
  delete: 'templates cannot change data',
  typeof: 'operators other than comparisons and logic are not allowed',
  instanceof: 'operators other than comparisons and logic are not allowed',
  in: 'operators other than comparisons and logic are not allowed',
  void: 'operators other than comparisons and logic are not allowed',
  with: 'templates cannot use `with`',
  return: 'templates cannot return',
  throw: 'templates cannot throw',
  try: 'templates cannot use try/catch',
  catch: 'templates cannot use try/catch',
  switch: 'use if/else instead of switch',
  setTimeout: 'timers are not available to templates',
  setInterval: 'timers are not available to templates',
  fetch: 'templates cannot reach the network',
  Buffer: 'globals are not available to templates',
  Object: 'globals are not available to templates',
  Reflect: 'globals are not available to templates',
  Proxy: 'globals are not available to templates',
  Symbol: 'globals are not available to templates',
};

type Tok =
  | { t: 'id'; v: string }
  | { t: 'str'; v: string }
  | { t: 'num'; v: string }
  | { t: 'op'; v: string }
  | { t: 'end' };

class TemplateError extends Error {}

const OPERATORS = [
  '===',
  '!==',
  '==',
  '!=',
  '<=',
  '>=',
  '&&',
  '||',
  '??',
  '<',
  '>',
  '!',
  '(',
  ')',
  '{',
  '}',
  '.',
  '?',
  ':',
];

const CHAR_PROBLEMS: Record<string, string> = {
  '`': 'backticks (template literals) are not allowed',
  '[': 'square brackets are not allowed (use dot access on a variable)',
  ']': 'square brackets are not allowed (use dot access on a variable)',
  '=': 'assignment is not allowed',
  ';': 'only one statement per tag is allowed',
  ',': 'commas are not allowed (no calls or sequences)',
  '+': 'arithmetic is not allowed (output each value with its own <%= %>)',
  '-': 'arithmetic is not allowed',
  '*': 'arithmetic is not allowed',
  '/': 'arithmetic and comments are not allowed inside tags',
  '%': 'arithmetic is not allowed',
  '\\': 'backslashes are not allowed',
  '@': 'decorators are not allowed',
  '#': 'private names are not allowed',
  '&': 'bitwise operators are not allowed (use &&)',
  '|': 'bitwise operators are not allowed (use ||)',
  '^': 'bitwise operators are not allowed',
  '~': 'bitwise operators are not allowed',
};

function tokenize(src: string): Tok[] {
  const out: Tok[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (/[A-Za-z_$]/.test(c)) {
      let j = i + 1;
      while (j < src.length && /[\w$]/.test(src[j]!)) j++;
      out.push({ t: 'id', v: src.slice(i, j) });
      i = j;
      continue;
    }
    if (/\d/.test(c)) {
      const m = /^\d{1,15}(\.\d{1,15})?/.exec(src.slice(i))!;
      out.push({ t: 'num', v: m[0] });
      i += m[0].length;
      if (i < src.length && /[\w$.]/.test(src[i]!)) throw new TemplateError('malformed number');
      continue;
    }
    if (c === "'" || c === '"') {
      const end = src.indexOf(c, i + 1);
      if (end < 0) throw new TemplateError('unterminated string');
      const v = src.slice(i + 1, end);
      if (/[\\\n\r]/.test(v)) throw new TemplateError('strings may not contain backslashes or line breaks');
      out.push({ t: 'str', v });
      i = end + 1;
      continue;
    }
    const op = OPERATORS.find((o) => src.startsWith(o, i));
    // `=` / `+` etc. would otherwise be read as the start of `==` / nothing: name the problem instead
    if (op && !(op === '<' && src[i + 1] === '<') && !(op === '>' && src[i + 1] === '>')) {
      out.push({ t: 'op', v: op });
      i += op.length;
      continue;
    }
    throw new TemplateError(CHAR_PROBLEMS[c] ?? `the character ${JSON.stringify(c)} is not allowed`);
  }
  out.push({ t: 'end' });
  return out;
}

const VARIABLES = new Map<string, TemplateVariable>(TEMPLATE_VARIABLES.map((v) => [v.name, v]));
const LITERAL_WORDS = new Set(['true', 'false', 'null', 'undefined']);

interface Scope {
  /** Loop variables in scope: name -> the list they iterate. */
  loops: Map<string, TemplateVariable>;
}

class ExprParser {
  private i = 0;
  constructor(
    private readonly toks: Tok[],
    private readonly scope: Scope,
  ) {}

  peek(): Tok {
    return this.toks[this.i]!;
  }
  next(): Tok {
    return this.toks[this.i++]!;
  }
  isOp(v: string): boolean {
    const t = this.peek();
    return t.t === 'op' && t.v === v;
  }
  isId(v: string): boolean {
    const t = this.peek();
    return t.t === 'id' && t.v === v;
  }
  expectOp(v: string): void {
    const t = this.next();
    if (t.t !== 'op' || t.v !== v) throw new TemplateError(`expected "${v}" but found ${describe(t)}`);
  }
  expectEnd(): void {
    const t = this.peek();
    if (t.t !== 'end') throw new TemplateError(`unexpected ${describe(t)}`);
  }

  expr(): void {
    this.or();
    if (this.isOp('?')) {
      this.next();
      this.expr();
      this.expectOp(':');
      this.expr();
    }
  }
  private or(): void {
    this.and();
    while (this.isOp('||') || this.isOp('??')) {
      this.next();
      this.and();
    }
  }
  private and(): void {
    this.cmp();
    while (this.isOp('&&')) {
      this.next();
      this.cmp();
    }
  }
  private cmp(): void {
    this.unary();
    const t = this.peek();
    if (t.t === 'op' && ['===', '!==', '==', '!=', '<', '<=', '>', '>='].includes(t.v)) {
      this.next();
      this.unary();
    }
  }
  private unary(): void {
    const t = this.next();
    if (t.t === 'op' && t.v === '!') {
      this.unary();
      return;
    }
    if (t.t === 'op' && t.v === '(') {
      this.expr();
      this.expectOp(')');
      return;
    }
    if (t.t === 'str' || t.t === 'num') return;
    if (t.t === 'id') {
      if (LITERAL_WORDS.has(t.v)) return;
      this.path(t.v);
      return;
    }
    throw new TemplateError(`unexpected ${describe(t)}`);
  }

  /** A variable and its dot-accessed fields, checked against the allow-list. */
  path(root: string): void {
    const forbidden = FORBIDDEN_NAMES[root];
    if (forbidden) throw new TemplateError(`"${root}" is not allowed: ${forbidden}`);
    const loopList = this.scope.loops.get(root);
    const variable = VARIABLES.get(root);
    if (!loopList && !variable) {
      throw new TemplateError(`unknown variable "${root}" (see the Template Variables tab for the list)`);
    }
    // allowed fields at each depth: loop element -> the list's fields; anything else -> length only
    let allowed: readonly string[] = loopList ? (loopList.fields ?? []) : ['length'];
    let owner = loopList ? `an element of ${loopList.name}` : root;
    while (this.isOp('.')) {
      this.next();
      const f = this.next();
      if (f.t !== 'id') throw new TemplateError(`expected a field name after "." but found ${describe(f)}`);
      const forbiddenField = FORBIDDEN_NAMES[f.v];
      if (forbiddenField) throw new TemplateError(`"${f.v}" is not allowed: ${forbiddenField}`);
      if (!allowed.includes(f.v)) {
        throw new TemplateError(
          `"${f.v}" is not a field of ${owner}` + (allowed.length ? ` (allowed: ${allowed.join(', ')})` : ''),
        );
      }
      owner = `${owner}.${f.v}`;
      allowed = f.v === 'length' ? [] : ['length'];
    }
    if (this.isOp('('))
      throw new TemplateError(`calling "${owner}" is not allowed: templates cannot call functions`);
  }
}

function describe(t: Tok): string {
  if (t.t === 'end') return 'the end of the tag';
  if (t.t === 'str') return 'a string';
  return `"${t.v}"`;
}

type Block = { kind: 'if' } | { kind: 'for'; variable: string };

/** Checks one scriptlet (`<% ... %>`) against the statement forms and updates the block stack. */
function checkStatement(src: string, stack: Block[], scope: Scope): void {
  let toks: Tok[];
  try {
    toks = tokenize(src);
  } catch (e) {
    if (e instanceof TemplateError && /^\s*for\b/.test(src)) {
      throw new TemplateError(`loops must have the form for (const item of list): ${e.message}`);
    }
    throw e;
  }
  if (toks.length === 1) return; // empty scriptlet
  const p = new ExprParser(toks, scope);
  let closes = false;
  if (p.isOp('}')) {
    p.next();
    closes = true;
    const top = stack.pop();
    if (!top) throw new TemplateError('"}" without an open if/for block');
    if (top.kind === 'for') scope.loops.delete(top.variable);
    if (p.peek().t === 'end') return;
    if (!p.isId('else')) throw new TemplateError(`unexpected ${describe(p.peek())} after "}"`);
    if (top.kind !== 'if') throw new TemplateError('"else" must follow an if block');
  }
  if (p.isId('else')) {
    if (!closes) throw new TemplateError('"else" must follow the "}" of an if block, as in <% } else { %>');
    p.next();
    // `else {` opens its block here; `else if (...) {` is read as the if below.
    if (!p.isId('if')) {
      p.expectOp('{');
      p.expectEnd();
      stack.push({ kind: 'if' });
      return;
    }
  }
  if (p.isId('if')) {
    p.next();
    p.expectOp('(');
    p.expr();
    p.expectOp(')');
    p.expectOp('{');
    p.expectEnd();
    stack.push({ kind: 'if' });
    return;
  }
  if (p.isId('for')) {
    p.next();
    p.expectOp('(');
    const decl = p.next();
    if (decl.t !== 'id' || (decl.v !== 'const' && decl.v !== 'let')) {
      throw new TemplateError('loops must have the form for (const item of list)');
    }
    const name = p.next();
    if (name.t !== 'id' || !/^[A-Za-z][A-Za-z0-9]*$/.test(name.v)) {
      throw new TemplateError('expected a loop variable name, as in for (const item of list)');
    }
    if (
      FORBIDDEN_NAMES[name.v] ||
      VARIABLES.has(name.v) ||
      scope.loops.has(name.v) ||
      LITERAL_WORDS.has(name.v)
    ) {
      throw new TemplateError(`"${name.v}" cannot be used as a loop variable name`);
    }
    const of = p.next();
    if (of.t !== 'id' || of.v !== 'of')
      throw new TemplateError('loops must have the form for (const item of list)');
    const list = p.next();
    const listVar = list.t === 'id' ? VARIABLES.get(list.v) : undefined;
    if (list.t === 'id' && FORBIDDEN_NAMES[list.v]) {
      throw new TemplateError(`"${list.v}" is not allowed: ${FORBIDDEN_NAMES[list.v]}`);
    }
    if (listVar?.kind !== 'list') {
      const lists = TEMPLATE_VARIABLES.filter((v) => v.kind === 'list').map((v) => v.name);
      throw new TemplateError(`loops can only go over ${lists.join(' or ')}`);
    }
    p.expectOp(')');
    p.expectOp('{');
    p.expectEnd();
    if (stack.length >= MAX_BLOCK_DEPTH)
      throw new TemplateError(`blocks nest deeper than ${MAX_BLOCK_DEPTH}`);
    stack.push({ kind: 'for', variable: name.v });
    scope.loops.set(name.v, listVar);
    return;
  }
  const first = p.peek();
  if (first.t === 'id' && FORBIDDEN_NAMES[first.v]) {
    throw new TemplateError(`"${first.v}" is not allowed: ${FORBIDDEN_NAMES[first.v]}`);
  }
  throw new TemplateError(
    'only if / else / for...of / "}" are allowed in <% %> tags; use <%= %> to output a value',
  );
}

// Same tag syntax as EJS (default delimiters), so we see exactly the tags EJS will compile.
const TAG_RE = /(<%%|%%>|<%=|<%-|<%_|<%#|<%|%>|-%>|_%>)/;
const CLOSERS = new Set(['%>', '-%>', '_%>']);

/**
 * Checks an admin-edited EJS template (a subject or a body) against the allow-list grammar above.
 * Returns `{ ok: false, message }` naming the first problem and the tag it is in.
 */
export function validateTemplate(source: string): TemplateValidation {
  if (typeof source !== 'string') return { ok: false, message: 'Template must be text' };
  if (source.length > MAX_TEMPLATE_LENGTH) {
    return { ok: false, message: `Template is too long (at most ${MAX_TEMPLATE_LENGTH} characters)` };
  }
  const parts = source.split(TAG_RE);
  const stack: Block[] = [];
  const scope: Scope = { loops: new Map() };
  let line = 1;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (part === '<%%' || part === '%%>' || !part.startsWith('<%')) {
      if (CLOSERS.has(part)) return { ok: false, message: `Line ${line}: "${part}" without an opening tag` };
      line += countLines(part);
      continue;
    }
    const content = parts[i + 1] ?? '';
    const closer = parts[i + 2] ?? '';
    if (!CLOSERS.has(closer))
      return { ok: false, message: `Line ${line}: "${part}" tag is not closed with %>` };
    const shown = `${part}${content.length > 60 ? `${content.slice(0, 57)}...` : content}${closer}`;
    try {
      if (part === '<%-') {
        throw new TemplateError('raw output <%- %> is not allowed; use <%= %> (HTML-escaped)');
      } else if (part === '<%=') {
        const toks = tokenize(content);
        if (toks.length === 1) throw new TemplateError('empty output tag');
        const p = new ExprParser(toks, scope);
        p.expr();
        p.expectEnd();
      } else if (part === '<%' || part === '<%_') {
        checkStatement(content, stack, scope);
      }
      // <%# comment %>: ignored by EJS, nothing runs
    } catch (e) {
      if (e instanceof TemplateError) return { ok: false, message: `Line ${line}: ${e.message} in ${shown}` };
      throw e;
    }
    line += countLines(content);
    i += 2;
  }
  if (stack.length > 0) {
    return { ok: false, message: `Template ends with ${stack.length} unclosed if/for block(s): add <% } %>` };
  }
  return { ok: true };
}

function countLines(s: string): number {
  let n = 0;
  for (let i = s.indexOf('\n'); i !== -1; i = s.indexOf('\n', i + 1)) n++;
  return n;
}
