/** The booking confirmation PDF. */
import { formatSGD, GST_PERCENT } from '@hs/domain';
import { maskIdentificationNumber } from '../variables';
import { checkInSection } from './check-in-section';
import { CONTENT_W, MARGIN } from './pdf-layout';
import { bookingFields, customerFields, paidRows, startBookingDocument } from './sections';
import type { DocumentData } from './types';

export const CONFIRMATION_NOTES = [
  'Arrive 15 minutes early.',
  'Bring your identification card (NRIC) and your reference number.',
  'Fast for 8-10 hours before your blood tests (water is fine).',
  'If you need to reschedule or cancel, please do so at least 24 hours ahead.',
];

/** Booking confirmation: reference, event, date and time, location, attendees and packages, notes. */
export async function renderConfirmationPdf(data: DocumentData): Promise<Uint8Array> {
  const l = await startBookingDocument('Booking Confirmation', data);
  l.y -= 4;
  l.text('Your health screening appointment is confirmed.', MARGIN, { size: 12, bold: true });
  l.y -= 22;
  l.heading('Appointment');
  bookingFields(l, data);
  if (data.checkInToken) checkInSection(l, data.checkInToken);
  l.heading('Attendees');
  l.table(
    [
      { header: 'Name', width: 165 },
      { header: 'ID number', width: 85 },
      { header: 'Package', width: 170 },
      { header: 'Price', width: CONTENT_W - 420, align: 'right' },
    ],
    data.attendees.map((a) => [
      a.isPrimary ? `${a.name} (primary)` : a.name,
      maskIdentificationNumber(a.identificationNumber ?? ''),
      a.packageName,
      formatSGD(a.priceCents),
    ]),
  );
  l.totals([
    { label: `Total (incl. GST ${GST_PERCENT}%)`, amount: formatSGD(data.totalCents), strong: true },
    ...paidRows(data),
    { label: 'Balance due', amount: formatSGD(data.balanceCents) },
  ]);
  l.heading('Before your appointment');
  l.bullets(CONFIRMATION_NOTES);
  l.heading('Contact');
  // how to reach the customer: the address is on the invoice and receipt
  customerFields(l, { ...data.customer, address: null }, 'Name');
  return l.save();
}
