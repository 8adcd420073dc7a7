import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { payNowPayload, qrSvg } from '../src';

/** The dark modules an SVG path of horizontal strokes draws ('M x y', 'm dx dy', 'h length'), as "row,col". */
function darkCells(svg: string): Set<string> {
  const d = /<path[^>]*stroke[^>]*d="([^"]+)"/.exec(svg)?.[1] ?? '';
  const cells = new Set<string>();
  let x = 0;
  let y = 0;
  for (const [, op, a, b] of d.matchAll(/([MmHh])\s*(-?[\d.]+)(?:\s+(-?[\d.]+))?/g)) {
    if (op === 'M') [x, y] = [Number(a), Number(b)];
    else if (op === 'm') [x, y] = [x + Number(a), y + Number(b)];
    else {
      for (let i = 0; i < Number(a); i++) cells.add(`${Math.floor(y)},${x + i}`);
      x += Number(a);
    }
  }
  return cells;
}

describe('qrSvg', () => {
  it('draws the QR symbol of the payload at error correction M inside a 4-module quiet zone', async () => {
    const payload = payNowPayload({
      uen: '201912345K',
      merchantName: 'Health Screening',
      amountCents: 13952,
      reference: 'HS2505-0607-1234',
    });
    const svg = await qrSvg(payload);
    const symbol = QRCode.create(payload, { errorCorrectionLevel: 'M' }).modules;
    expect(svg).toContain(`viewBox="0 0 ${symbol.size + 8} ${symbol.size + 8}"`);
    const expected = new Set<string>();
    for (let row = 0; row < symbol.size; row++) {
      for (let col = 0; col < symbol.size; col++) {
        if (symbol.get(row, col)) expected.add(`${row + 4},${col + 4}`);
      }
    }
    expect(darkCells(svg)).toEqual(expected);
  });
});
