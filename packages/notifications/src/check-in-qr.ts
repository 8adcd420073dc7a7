/**
 * The check-in QR code (issue 23): the order's opaque check-in token and nothing else, so a code
 * photographed in a queue tells no one a name, NRIC or reference. Its modules come from `qrcode`;
 * the email gets a PNG (an inline attachment: most mail clients block data: images), pages an SVG,
 * and the PDF draws the modules as vector rectangles (documents/check-in-section.ts) rather than
 * embedding an image.
 */
import { deflateSync } from 'node:zlib';
import QRCode from 'qrcode';
import type { Language } from '@hs/domain';
import { emailWords } from './languages';

/**
 * The one source of the code's options for the PNG, the SVG and the PDF. Error correction M:
 * survives a creased printout or a cracked phone screen, still a small code. A quiet zone of 2
 * modules (the PDF and the email draw it white on a white page).
 */
export const CHECK_IN_QR_OPTIONS = { errorCorrectionLevel: 'M', margin: 2 } as const;

/** The content-id the confirmation email's QR image is attached under. */
export const CHECK_IN_QR_CID = 'check-in-qr@health-screening';

/** A horizontal run of dark modules: `row`, `col` counted from the top-left corner of the quiet zone. */
export interface QrRun {
  row: number;
  col: number;
  length: number;
}

/**
 * The code of `token` as its dark modules, merged into horizontal runs (one rectangle each in the PDF).
 * `size`: the side in modules, quiet zone included.
 */
export function checkInQrRuns(token: string): { size: number; runs: QrRun[] } {
  const { modules } = QRCode.create(token, {
    errorCorrectionLevel: CHECK_IN_QR_OPTIONS.errorCorrectionLevel,
  });
  const margin = CHECK_IN_QR_OPTIONS.margin;
  const runs: QrRun[] = [];
  for (let row = 0; row < modules.size; row++) {
    let col = 0;
    while (col < modules.size) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < modules.size && modules.get(row, col)) col++;
      runs.push({ row: row + margin, col: start + margin, length: col - start });
    }
  }
  return { size: modules.size + 2 * margin, runs };
}

/**
 * The QR code of `token` as a PNG, `width` pixels square (360: the email shows it at 180 CSS px, so
 * 2x screens get a sharp image). Encoded here as 1-bit greyscale rather than by qrcode's renderer
 * (pngjs, 32-bit RGBA, tries five row filters): the same pixels at a fraction of the CPU (issue 27).
 */
export async function checkInQrPng(token: string, width = 360): Promise<Uint8Array> {
  return encodePng(checkInQrRuns(token), width);
}

/** The QR code of `token` as an SVG document. */
export function checkInQrSvg(token: string): Promise<string> {
  return QRCode.toString(token, { ...CHECK_IN_QR_OPTIONS, type: 'svg' });
}

/**
 * A 1-bit greyscale PNG of the runs, `width` px square: pixel x lies in module floor(x * size / width),
 * as qrcode's renderer maps them. Rows of one module row are identical, so deflate stores them as
 * back-references; every scanline uses filter type 0 (none).
 */
function encodePng({ size, runs }: { size: number; runs: QrRun[] }, width: number): Uint8Array {
  const rowBytes = Math.ceil(width / 8);
  const first = (module: number) => Math.ceil((module * width) / size); // the first pixel of a module
  // one scanline per module row: white (bit 1), the dark runs' pixels cleared
  const lines = Array.from({ length: size }, () => new Uint8Array(rowBytes).fill(0xff));
  for (const run of runs) {
    const line = lines[run.row]!;
    for (let x = first(run.col); x < first(run.col + run.length); x++) line[x >> 3]! &= ~(0x80 >> (x & 7));
  }
  const raw = new Uint8Array(width * (rowBytes + 1)); // each scanline: its filter byte (0), its pixels
  for (let y = 0; y < width; y++) raw.set(lines[Math.floor((y * size) / width)]!, y * (rowBytes + 1) + 1);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(width, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, adaptive filtering, no interlace
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', new Uint8Array(0)),
  ]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG chunk: length, type, data, CRC-32 of type and data. */
function pngChunk(type: string, data: Uint8Array): Buffer {
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write(type, 4, 'latin1');
  chunk.set(data, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)), 8 + data.length);
  return chunk;
}

/** CRC-32 (ISO 3309) by table; node:zlib has crc32 only from Node 22. */
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/**
 * The confirmation email's HTML with the check-in code shown near its end (the image is the inline
 * attachment CHECK_IN_QR_CID). Inserted after the rendered template, so a template staff edited
 * still carries it. The caption is in the email's language (issue 46).
 */
export function withCheckInQr(html: string, language: Language = 'en'): string {
  const w = emailWords(language);
  const block = `<div style="text-align:center;margin:20px 0;padding:16px;border:1px solid #d5dde3">
<p style="margin:0 0 8px;font-weight:bold">${w.checkInTitle}</p>
<img src="cid:${CHECK_IN_QR_CID}" width="180" height="180" alt="${w.checkInTitle}" style="display:block;margin:0 auto">
<p style="margin:8px 0 0;font-size:13px;color:#52606d">${w.checkInHint}</p>
</div>`;
  const footer = html.lastIndexOf('</div>\n<div style="color:#6b7780');
  if (footer >= 0) return `${html.slice(0, footer)}${block}\n${html.slice(footer)}`;
  const body = html.lastIndexOf('</body>');
  return body >= 0 ? `${html.slice(0, body)}${block}\n${html.slice(body)}` : `${html}\n${block}`;
}
