import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { recipes, slotRecipes } from './recipes';
import { semanticTokens } from './semantic-tokens';

const SRC = join(__dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.spec\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('z-index layers', () => {
  it('defines every named layer the app uses (an unknown name compiles to invalid CSS: z-index auto)', () => {
    const used = new Set<string>();
    for (const file of sources(SRC)) {
      for (const m of readFileSync(file, 'utf8').matchAll(/zIndex: '([a-zA-Z]+)'/g)) used.add(m[1] as string);
    }
    // recipes are objects, not text: walk them too
    const walk = (v: unknown) => {
      if (!v || typeof v !== 'object') return;
      for (const [k, x] of Object.entries(v)) {
        if (k === 'zIndex' && typeof x === 'string' && /^[a-zA-Z]+$/.test(x)) used.add(x);
        else walk(x);
      }
    };
    walk(recipes);
    walk(slotRecipes);
    expect(used.size).toBeGreaterThan(0);
    const defined = Object.keys((semanticTokens as { zIndex?: object }).zIndex ?? {});
    expect([...used].filter((name) => !defined.includes(name))).toEqual([]);
  });

  it('keeps the sticky headers under overlays and dialogs', () => {
    const z = (semanticTokens as unknown as { zIndex: Record<string, { value: string }> }).zIndex;
    const n = (name: string) => Number(z[name]?.value);
    expect(n('dropdown')).toBeLessThan(n('sticky'));
    expect(n('sticky')).toBeLessThan(n('overlay'));
    expect(n('overlay')).toBeLessThan(n('modal'));
  });
});
