import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { WEB_PAGES, isWebPage } from '@hs/domain';
import { describe, expect, it } from 'vitest';

/** The `<Route path="…">` of a source file. */
const routePaths = (file: string) =>
  [...readFileSync(join(import.meta.dirname, file), 'utf8').matchAll(/<Route path="([^"]+)"/g)].map(
    (m) => m[1]!,
  );

/** A path the pattern matches: each parameter filled in. */
const sample = (pattern: string) => pattern.replace(/:\w+\??/g, 'x');

describe('the pages the server answers 200 for (issue 46)', () => {
  const declared = [...routePaths('routes.tsx'), ...routePaths('admin/admin-app.tsx')].filter(
    (p) => p !== '/admin/*?',
  );

  it('are every route the app declares, and no other', () => {
    expect(declared.length).toBeGreaterThan(20);
    for (const path of declared) expect(isWebPage(sample(path)), path).toBe(true);
    expect([...WEB_PAGES].sort()).toEqual([...new Set(declared)].sort());
  });
});
