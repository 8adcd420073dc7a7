/** The confirmation's check-in section: the order's QR code (issue 23) beside how to use it. */
import {
  fill,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  setFillingRgbColor,
} from 'pdf-lib';
import { checkInQrRuns } from '../check-in-qr';
import { type Layout, MARGIN } from './pdf-layout';

const QR_SIZE = 120;

/** The check-in QR code beside how to use it. */
export function checkInSection(l: Layout, token: string): void {
  l.heading('Check-in');
  l.ensure(QR_SIZE + 10);
  drawQr(l.page, token, MARGIN, l.y - QR_SIZE, QR_SIZE);
  const top = l.y;
  l.y -= 30;
  l.text('Show this code at the front desk on the day.', MARGIN + QR_SIZE + 16, { size: 11, bold: true });
  l.y -= 16;
  l.text('One code checks in the whole group.', MARGIN + QR_SIZE + 16, { size: 10 });
  l.y = top - QR_SIZE - 14;
}

/**
 * The QR code of `token` as vector graphics, `side` points square with its lower-left corner at x, y:
 * a white square (the quiet zone included) and one black path of a rectangle per horizontal run of
 * dark modules, so it prints sharp at any scale. An embedded PNG cost a PNG render plus pdf-lib's
 * decode and re-deflate of it on every confirmation (issue 27).
 */
function drawQr(page: PDFPage, token: string, x: number, y: number, side: number): void {
  const { size, runs } = checkInQrRuns(token);
  const unit = side / size;
  const top = y + side;
  page.drawRectangle({ x, y, width: side, height: side, color: rgb(1, 1, 1) });
  page.pushOperators(
    pushGraphicsState(),
    setFillingRgbColor(0, 0, 0),
    ...runs.map((r) => rectangle(x + r.col * unit, top - (r.row + 1) * unit, r.length * unit, unit)),
    fill(),
    popGraphicsState(),
  );
}
