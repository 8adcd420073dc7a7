/** What an email carries besides its text: PDFs (and the fact of each), the calendar invite, the check-in QR code. */
import type { PdfDocument, RegistrationCommand } from '@hs/domain';
import {
  CHECK_IN_QR_CID,
  type MailAttachment,
  appointmentIcsAttachment,
  checkInQrPng,
} from '@hs/notifications';
import type { OrderRow } from '@hs/read-models';
import { calendarFromOrder } from '../../order';
import type { RegistrationRead } from '../../registration';
import { appointmentOf } from './from-log';

export const pdf = (filename: string, content: Uint8Array): MailAttachment => ({
  filename,
  content,
  contentType: 'application/pdf',
});

/** A document's PDF as an attachment, and the fact recording it was generated once the email is sent. */
export function documentPdf(
  document: PdfDocument,
  fileName: string,
  content: Uint8Array,
): { attachment: MailAttachment; generated: (at: string) => RegistrationCommand } {
  return {
    attachment: pdf(fileName, content),
    generated: (at) => ({ type: 'RecordPdfGenerated', document, fileName, at }),
  };
}

/** appointment.ics of the order's current appointment (none when the order has no slot data). */
export function invite(read: RegistrationRead, order: OrderRow, stamp: Date): MailAttachment[] {
  const appointment = appointmentOf(read, order);
  return appointment ? [appointmentIcsAttachment(calendarFromOrder(order, appointment, stamp))] : [];
}

/** The check-in code (issue 23) as an inline image of the email's HTML. */
export async function checkInQrImage(token: string): Promise<MailAttachment> {
  return {
    filename: 'check-in-qr.png',
    content: await checkInQrPng(token),
    contentType: 'image/png',
    cid: CHECK_IN_QR_CID,
  };
}
