/** The PayNow QR as SVG markup (the api answers it as `qrSvg`; the page shows it as is). */
import QRCode from 'qrcode';

/**
 * SVG of the QR encoding `data`: error correction M (what SGQR labels use) and the standard quiet zone
 * of 4 modules, so a banking app can scan it from another phone's screen.
 */
export function qrSvg(data: string): Promise<string> {
  return QRCode.toString(data, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });
}
