import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MULTILINE_FIELDS, cleanText, isCleanText, storableText } from '../src';

/**
 * Issue 43: what cleanText leaves, checked against oracles written here rather than against its own
 * regular expressions, so a character dropped from them fails a test.
 */

/** C0 controls, DEL, C1 controls and the bidi embeddings, overrides and isolates, one per code unit. */
const FORBIDDEN = [
  ...Array.from({ length: 0x20 }, (_, c) => c),
  ...Array.from({ length: 0x21 }, (_, i) => 0x7f + i),
  0x202a,
  0x202b,
  0x202c,
  0x202d,
  0x202e,
  0x2066,
  0x2067,
  0x2068,
  0x2069,
].map((c) => String.fromCharCode(c));

function hasLoneSurrogate(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return true;
      i++;
    } else if (c >= 0xdc00 && c <= 0xdfff) return true;
  }
  return false;
}

/** The characters of `s` no output may hold: every forbidden one, but \n and \t in a multi-line field. */
const badCharacters = (s: string, multiline: boolean) =>
  [...s].filter((ch) => FORBIDDEN.includes(ch) && !(multiline && (ch === '\n' || ch === '\t')));

/** Text a hostile client sends: any code unit (lone surrogates too), whole code points, the forbidden ones, marks. */
const hostile = fc.string({
  unit: fc.oneof(
    fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
    fc.constantFrom(
      ...FORBIDDEN,
      '\ud800',
      '\udbff',
      '\udc00',
      '\udfff',
      '\r\n',
      '\u0301',
      '\u0327',
      '\u200d',
      '\u200f',
      'a',
      'e',
      ' ',
    ),
  ),
  maxLength: 60,
});
const modes = fc.boolean();

const WORDS = {
  chinese: '陈美玲',
  tamil: 'தமிழ்செல்வி',
  arabic: 'محمد عبد الله\u200f',
  family: '👩‍👩‍👧‍👦',
  flag: '🇸🇬',
  skinTone: '👍🏽',
};

describe('cleanText', () => {
  it('is idempotent', () => {
    fc.assert(
      fc.property(hostile, modes, (s, multiline) => {
        const once = cleanText(s, { multiline });
        expect(cleanText(once, { multiline })).toBe(once);
      }),
      { numRuns: 2_000 },
    );
  });

  it('leaves no NUL, control (but \\n and \\t in a multi-line field), lone surrogate or bidi control', () => {
    fc.assert(
      fc.property(hostile, modes, (s, multiline) => {
        const out = cleanText(s, { multiline });
        expect(badCharacters(out, multiline)).toEqual([]);
        expect(hasLoneSurrogate(out)).toBe(false);
        expect(out).not.toContain('\r');
      }),
      { numRuns: 2_000 },
    );
  });

  it('answers in NFC', () => {
    fc.assert(
      fc.property(hostile, modes, (s, multiline) => {
        const out = cleanText(s, { multiline });
        expect(out).toBe(out.normalize('NFC'));
      }),
      { numRuns: 2_000 },
    );
    expect(cleanText('Re\u0301ne\u0301 C\u0327a')).toBe('Réné Ça');
  });

  it('changes nothing but the normal form of text without forbidden characters or line breaks', () => {
    const safe = fc
      .string({ unit: 'binary', maxLength: 40 })
      .filter((s) => badCharacters(s, false).length === 0 && !/[\u2028\u2029]/.test(s));
    fc.assert(
      fc.property(safe, modes, (s, multiline) => {
        expect(cleanText(s, { multiline })).toBe(s.normalize('NFC'));
      }),
      { numRuns: 2_000 },
    );
  });

  it('reads the Unicode line and paragraph separators as line breaks', () => {
    expect(cleanText('Blk 1\u2028#01-02\u2029Singapore')).toBe('Blk 1 #01-02 Singapore');
    expect(cleanText('one\u2028two\u2029three', { multiline: true })).toBe('one\ntwo\nthree');
  });

  it('keeps Chinese, Tamil, Arabic with its marks, emoji with ZWJ and combining marks (composed)', () => {
    for (const word of Object.values(WORDS)) expect(cleanText(word)).toBe(word);
    const all = Object.values(WORDS).join(' ');
    expect(cleanText(`${all}\u0000\u202e`)).toBe(all);
    expect(cleanText('Nguye\u0302\u0303n')).toBe('Nguyễn');
    expect(cleanText('Nguye\u0302\u0303n')).toHaveLength(6);
    // Joined only by what was removed: the ZWJ sequence stays one grapheme.
    expect(cleanText('👩\u0000‍👧')).toBe('👩‍👧');
  });

  it('turns each run of line breaks and tabs into one space in a single-line field', () => {
    expect(cleanText('Mei\r\n\r\nLing')).toBe('Mei Ling');
    expect(cleanText('Mei\n\tLing\rTan')).toBe('Mei Ling Tan');
    expect(cleanText('Mei\n\u0000\nLing')).toBe('Mei Ling');
  });

  it('keeps line breaks (as \\n) and tabs in a multi-line field', () => {
    expect(cleanText('Asthma\r\nDiabetes\rGout\n\tmild', { multiline: true })).toBe(
      'Asthma\nDiabetes\nGout\n\tmild',
    );
  });

  it('drops NUL, controls, lone surrogates and bidi overrides and keeps the rest', () => {
    expect(cleanText('nul\u0000byte')).toBe('nulbyte');
    expect(cleanText('a\u0007b\u001bc\u007fd\u0085e\u009ff')).toBe('abcdef');
    expect(cleanText('x\ud800y\udc00z')).toBe('xyz');
    expect(cleanText('\udbff')).toBe('');
    expect(cleanText('\udfff\ud800')).toBe('');
    // Controls among plain ASCII alone, where a fast path for ASCII must not let them through.
    expect(cleanText('del\u007f')).toBe('del');
    expect(cleanText('unit\u001fsep\ttab')).toBe('unitsep tab');
    expect(cleanText('😀\ud83d')).toBe('😀');
    expect(cleanText('abc\u202edcba\u202c \u2066iso\u2069')).toBe('abcdcba iso');
    expect(cleanText('\u0000\u0001\u202e')).toBe('');
    // The marks right-to-left text needs are not overrides.
    expect(cleanText('\u200e\u200f\u061c')).toBe('\u200e\u200f\u061c');
  });

  it('leaves printable ASCII, SQL and HTML fragments too, as it is', () => {
    const plain = `${'Robert'.repeat(1_000)}'); DROP TABLE orders;-- <b>`;
    expect(cleanText(plain)).toBe(plain);
  });
});

describe('isCleanText and storableText', () => {
  it('isCleanText holds exactly for what cleanText leaves in a multi-line field', () => {
    fc.assert(
      fc.property(hostile, (s) => {
        expect(isCleanText(cleanText(s, { multiline: true }))).toBe(true);
        expect(isCleanText(cleanText(s))).toBe(true);
        if (badCharacters(s, true).length > 0 || hasLoneSurrogate(s)) expect(isCleanText(s)).toBe(false);
      }),
      { numRuns: 2_000 },
    );
    expect(isCleanText('Mei\nLing\tTan')).toBe(true);
    expect(isCleanText('Mei\r\nLing')).toBe(false);
    expect(isCleanText('e\u0301')).toBe(false);
  });

  it('storableText cleans as a multi-line field', () => {
    fc.assert(
      fc.property(hostile, (s) => {
        expect(storableText(s)).toBe(cleanText(s, { multiline: true }));
      }),
    );
    expect(storableText('nul\u0000byte\r\nnext')).toBe('nulbyte\nnext');
  });

  it('names the multi-line fields and no single-line one', () => {
    for (const field of ['medicalConditions', 'description', 'reason', 'notes'])
      expect(MULTILINE_FIELDS.has(field)).toBe(true);
    for (const field of ['firstName', 'lastName', 'email', 'address', 'identificationNumber', 'name'])
      expect(MULTILINE_FIELDS.has(field)).toBe(false);
  });
});
