/** The appointment's iCalendar file (the domain's one writer) as an email attachment. */
import { type AppointmentCalendar, appointmentIcs } from '@hs/domain';
import type { MailAttachment } from './mailer';

/** The .ics as an email attachment (`appointment.ics`). */
export function appointmentIcsAttachment(a: AppointmentCalendar): MailAttachment {
  return {
    filename: 'appointment.ics',
    content: Buffer.from(appointmentIcs(a), 'utf8'),
    contentType: 'text/calendar; charset=utf-8; method=REQUEST',
  };
}
