/**
 * Fonts for text the PDFs' standard Helvetica (WinAnsi only) cannot print: Chinese and Tamil names and
 * any other customer text in those scripts (issue 26). Noto Sans SC and Noto Sans Tamil (OFL-1.1, the
 * TTFs of @expo-google-fonts) are embedded as subsets (only the glyphs drawn) and only into documents
 * whose content needs them, so English-only PDFs stay as they were.
 */
// @pdf-lib/fontkit 1.1.1's Indic shaper (Tamil) calls a global regeneratorRuntime its build forgot to bundle.
import 'regenerator-runtime/runtime.js';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

/** The fonts beside Helvetica, in the order a character is tried (Tamil first: its font is the smaller one). */
export const EXTRA_FONTS = [
  {
    key: 'tamil',
    name: 'NotoSansTamil-Regular',
    file: '@expo-google-fonts/noto-sans-tamil/400Regular/NotoSansTamil_400Regular.ttf',
  },
  {
    key: 'sc',
    name: 'NotoSansSC-Regular',
    file: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  },
] as const;

export type ExtraFontKey = (typeof EXTRA_FONTS)[number]['key'];

interface LoadedFont {
  bytes: Uint8Array;
  covers(codePoint: number): boolean;
}

// not `require`: the services' esbuild banner already declares one at the bundle's top level
const fontRequire = createRequire(import.meta.url);
const loaded = new Map<ExtraFontKey, LoadedFont>();
let subsetPatched = false;

/**
 * @pdf-lib/fontkit 1.1.1's TrueType subsetter writes a short `loca` table (offsets / 2) without padding
 * the glyphs to even lengths, so every glyph after an odd-length one is cut (Chinese characters went
 * missing). Pad each glyph to 4 bytes, as fontkit 2 does upstream.
 */
function patchSubset(font: fontkit.Font): void {
  if (subsetPatched) return;
  subsetPatched = true;
  type Glyphs = { glyf: { length: number; constructor: unknown }[]; offset: number };
  const proto = Object.getPrototypeOf(font.createSubset()) as {
    _addGlyph(this: Glyphs, gid: number): number;
  };
  const addGlyph = proto._addGlyph;
  proto._addGlyph = function (this: Glyphs, gid: number): number {
    const index = addGlyph.call(this, gid);
    const glyph = this.glyf[index]!;
    const pad = (4 - (glyph.length % 4)) % 4;
    if (pad) {
      // fontkit's own Buffer class: its stream writer rejects Node's
      const B = glyph.constructor as { concat(list: unknown[]): typeof glyph; alloc(n: number): unknown };
      this.glyf[index] = B.concat([glyph, B.alloc(pad)]);
      this.offset += pad;
    }
    return index;
  };
}

function load(key: ExtraFontKey): LoadedFont {
  let font = loaded.get(key);
  if (!font) {
    const spec = EXTRA_FONTS.find((f) => f.key === key)!;
    const bytes = readFileSync(fontRequire.resolve(spec.file));
    const parsed = fontkit.create(bytes);
    patchSubset(parsed);
    const cache = new Map<number, boolean>();
    font = {
      bytes,
      covers(cp) {
        let yes = cache.get(cp);
        if (yes === undefined) {
          yes = parsed.hasGlyphForCodePoint(cp);
          cache.set(cp, yes);
        }
        return yes;
      },
    };
    loaded.set(key, font);
  }
  return font;
}

/** The extra font that prints `codePoint`, or null when none does. */
export function extraFontFor(codePoint: number): ExtraFontKey | null {
  for (const f of EXTRA_FONTS) if (load(f.key).covers(codePoint)) return f.key;
  return null;
}

/**
 * Embeds, as subsets, the extra fonts the characters of `content` need (`winAnsi`: what Helvetica
 * prints itself). The subset's name tag is derived from the characters, not random as pdf-lib's
 * default, so drawing an issued document again gives the same bytes.
 */
export async function embedExtraFonts(
  doc: PDFDocument,
  content: string,
  winAnsi: Set<number>,
): Promise<Map<ExtraFontKey, PDFFont>> {
  const chars = new Map<ExtraFontKey, Set<number>>();
  for (const ch of content) {
    const cp = ch.codePointAt(0)!;
    if (winAnsi.has(cp)) continue;
    const key = extraFontFor(cp);
    if (!key) continue;
    const set = chars.get(key) ?? new Set<number>();
    set.add(cp);
    chars.set(key, set);
  }
  const fonts = new Map<ExtraFontKey, PDFFont>();
  if (!chars.size) return fonts;
  doc.registerFontkit(fontkit);
  for (const spec of EXTRA_FONTS) {
    const set = chars.get(spec.key);
    if (!set) continue;
    const digest = createHash('sha256')
      .update([...set].sort((a, b) => a - b).join(','))
      .digest();
    const tag = [...digest.subarray(0, 6)].map((b) => String.fromCharCode(65 + (b % 26))).join('');
    fonts.set(
      spec.key,
      await doc.embedFont(load(spec.key).bytes, { subset: true, customName: `${tag}+${spec.name}` }),
    );
  }
  return fonts;
}
