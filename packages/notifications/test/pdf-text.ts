/** Test helpers: the text of a PDF, by pdftotext when installed and by reading its content streams. */
import { execFileSync } from 'node:child_process';
import { inflateSync } from 'node:zlib';

export const hasPdftotext = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** pdftotext -layout over stdin/stdout (call only when hasPdftotext). */
export function pdftotext(pdf: Uint8Array): string {
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');
}

/**
 * Text shown by the PDF's content streams, without any PDF tool: inflate every FlateDecode stream and
 * decode the hex strings pdf-lib writes for `Tj` (standard fonts, WinAnsi: one byte per character).
 */
export function streamText(pdf: Uint8Array): string {
  const buf = Buffer.from(pdf);
  const latin = buf.toString('latin1');
  const out: string[] = [];
  const re = /stream\r?\n/g;
  for (let m = re.exec(latin); m; m = re.exec(latin)) {
    const start = m.index + m[0].length;
    const end = latin.indexOf('endstream', start);
    if (end < 0) break;
    let data: Buffer;
    try {
      data = inflateSync(buf.subarray(start, end));
    } catch {
      continue;
    }
    const content = data.toString('latin1');
    for (const t of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
      out.push(Buffer.from(t[1]!, 'hex').toString('latin1'));
    }
    re.lastIndex = end;
  }
  return out.join('\n');
}
