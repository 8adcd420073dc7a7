import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { CHECK_IN_QR_OPTIONS, checkInQrPng, checkInQrRuns } from '../src/check-in-qr';
import { renderConfirmationPdf, sampleDocumentData } from '../src/index';

const token = 'q7Hn2R0xWbYk3LmZsT9vCfPdEaUoGiJh4N8w5K1y6X_';

/** The module matrix qrcode computes for the token, without the quiet zone. */
const modules = QRCode.create(token, {
  errorCorrectionLevel: CHECK_IN_QR_OPTIONS.errorCorrectionLevel,
}).modules;

describe('check-in QR code', () => {
  it('the runs cover exactly the dark modules, offset by the quiet zone', () => {
    const { size, runs } = checkInQrRuns(token);
    const m = CHECK_IN_QR_OPTIONS.margin;
    expect(size).toBe(modules.size + 2 * m);
    const dark = new Set<string>();
    for (const r of runs) for (let c = r.col; c < r.col + r.length; c++) dark.add(`${r.row - m},${c - m}`);
    for (let row = 0; row < modules.size; row++)
      for (let col = 0; col < modules.size; col++)
        expect(dark.has(`${row},${col}`), `${row},${col}`).toBe(modules.get(row, col) === 1);
    expect(dark.size).toBe(modules.data.reduce((n, bit) => n + bit, 0));
  });

  it('the email PNG: 360 px, 1-bit greyscale, each module centre the colour of its module', async () => {
    const png = Buffer.from(await checkInQrPng(token));
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const width = png.readUInt32BE(16);
    expect([width, png.readUInt32BE(20), png[24], png[25]]).toEqual([360, 360, 1, 0]);
    const idatLength = png.readUInt32BE(33);
    expect(png.toString('latin1', 37, 41)).toBe('IDAT');
    const raw = inflateSync(png.subarray(41, 41 + idatLength));
    const stride = Math.ceil(width / 8) + 1;
    expect(raw.length).toBe(width * stride);
    const size = modules.size + 2 * CHECK_IN_QR_OPTIONS.margin;
    const white = (x: number, y: number) => (raw[y * stride + 1 + (x >> 3)]! >> (7 - (x & 7))) & 1;
    const centre = (module: number) => Math.floor(((module + 0.5) * width) / size);
    for (let row = 0; row < size; row++)
      for (let col = 0; col < size; col++) {
        const r = row - CHECK_IN_QR_OPTIONS.margin;
        const c = col - CHECK_IN_QR_OPTIONS.margin;
        const inCode = r >= 0 && c >= 0 && r < modules.size && c < modules.size;
        expect(white(centre(col), centre(row)), `${row},${col}`).toBe(inCode && modules.get(r, c) ? 0 : 1);
      }
  });

  it('the confirmation PDF draws the code as vector rectangles: no image in the document', async () => {
    const pdf = await renderConfirmationPdf({ ...sampleDocumentData(), checkInToken: token });
    const doc = await PDFDocument.load(pdf);
    const images = doc.context
      .enumerateIndirectObjects()
      .map(([, object]) => (object instanceof PDFRawStream ? object.dict : object))
      .filter(
        (object) => object instanceof PDFDict && object.get(PDFName.of('Subtype')) === PDFName.of('Image'),
      );
    expect(images).toEqual([]);
    // one rectangle per run of dark modules (decoding it back: services/worker/test/check-in-qr.int.spec.ts)
    const contents = doc.getPages()[0]!.node.Contents();
    const streams =
      contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
    const content = streams
      .map((stream) =>
        stream instanceof PDFRawStream ? inflateSync(stream.contents).toString('latin1') : '',
      )
      .join('\n');
    expect(content.match(/ re\n/g)?.length).toBeGreaterThanOrEqual(checkInQrRuns(token).runs.length);
  });
});
