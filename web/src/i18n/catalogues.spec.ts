import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BOOKING_MESSAGES, DISCOUNT_CODE_MESSAGES, DOB_MESSAGES, LANGUAGES } from '@hs/domain';
import { describe, expect, it } from 'vitest';
import en from './locales/en.json';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(`${prefix}${key}`, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

const load = (language: string): Tree =>
  JSON.parse(readFileSync(join(import.meta.dirname, 'locales', `${language}.json`), 'utf8'));

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('message catalogues', () => {
  const english = flatten(en as Tree);

  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s has exactly the English keys, none empty', (language) => {
    const other = flatten(load(language));
    const missing = [...english.keys()].filter((k) => !other.has(k));
    const extra = [...other.keys()].filter((k) => !english.has(k));
    const empty = [...other].filter(([, v]) => v.trim() === '').map(([k]) => k);
    expect({ missing, extra, empty }).toEqual({ missing: [], extra: [], empty: [] });
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))(
    '%s keeps every {{placeholder}} of the English text',
    (language) => {
      const other = flatten(load(language));
      const wrong = [...english]
        .filter(([k, v]) => placeholders(v).join() !== placeholders(other.get(k) ?? '').join())
        // English plural `_one` texts may name no count ("This seat is held"); others may add one
        .filter(([k]) => !k.endsWith('_one'));
      expect(wrong.map(([k]) => k)).toEqual([]);
    },
  );

  it('has no empty English text', () => {
    expect([...english].filter(([, v]) => v.trim() === '')).toEqual([]);
  });

  it("keeps the domain's English messages word for word under msg (the client maps them by text)", () => {
    const msg = en.msg as Record<string, string>;
    const values = new Set(Object.values(msg));
    for (const text of [
      ...Object.values(BOOKING_MESSAGES),
      ...Object.values(DISCOUNT_CODE_MESSAGES),
      DOB_MESSAGES.required,
      DOB_MESSAGES.format,
      DOB_MESSAGES.future,
      DOB_MESSAGES.tooEarly,
    ]) {
      expect(values, text).toContain(text);
    }
  });
});
