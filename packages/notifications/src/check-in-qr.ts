/**
 * The check-in QR code (issue 23): the order's opaque check-in token and nothing else, so a code
 * photographed in a queue tells no one a name, NRIC or reference. Rendered by `qrcode`: a PNG for
 * the email (an inline attachment: most mail clients block data: images) and the PDF, an SVG for pages.
 */
import QRCode from 'qrcode';

/** Error correction M: survives a creased printout or a cracked phone screen, still a small code. */
const OPTIONS = { errorCorrectionLevel: 'M', margin: 2 } as const;

/** The content-id the confirmation email's QR image is attached under. */
export const CHECK_IN_QR_CID = 'check-in-qr@health-screening';

/** The QR code of `token` as a PNG, `width` pixels wide. */
export async function checkInQrPng(token: string, width = 360): Promise<Uint8Array> {
  return new Uint8Array(await QRCode.toBuffer(token, { ...OPTIONS, type: 'png', width }));
}

/** The QR code of `token` as an SVG document. */
export function checkInQrSvg(token: string): Promise<string> {
  return QRCode.toString(token, { ...OPTIONS, type: 'svg' });
}

/**
 * The confirmation email's HTML with the check-in code shown near its end (the image is the inline
 * attachment CHECK_IN_QR_CID). Inserted after the rendered template, so a template staff edited
 * still carries it.
 */
export function withCheckInQr(html: string): string {
  const block = `<div style="text-align:center;margin:20px 0;padding:16px;border:1px solid #d5dde3">
<p style="margin:0 0 8px;font-weight:bold">Your check-in code</p>
<img src="cid:${CHECK_IN_QR_CID}" width="180" height="180" alt="Check-in QR code" style="display:block;margin:0 auto">
<p style="margin:8px 0 0;font-size:13px;color:#52606d">Show this code at the front desk on the day. One code checks in your whole group.</p>
</div>`;
  const footer = html.lastIndexOf('</div>\n<div style="color:#6b7780');
  if (footer >= 0) return `${html.slice(0, footer)}${block}\n${html.slice(footer)}`;
  const body = html.lastIndexOf('</body>');
  return body >= 0 ? `${html.slice(0, body)}${block}\n${html.slice(body)}` : `${html}\n${block}`;
}
