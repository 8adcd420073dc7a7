/**
 * An order's email rendered from the email configs, in the language it was booked in (issue 26,
 * issue 46): its dates and times in that language's one format (@hs/domain display-dates), the
 * clinic's contact details from the company settings, and the booking's signed manage link.
 */
import { readCompanySettings } from '@hs/commands';
import {
  type InvoiceSnapshot,
  type Language,
  formatAppointmentDate,
  formatAppointmentTime,
  formatInstantDate,
  formatInstantDateTime,
} from '@hs/domain';
import {
  type DocumentData,
  type EmailType,
  emailVariablesFromDocument,
  renderEmail,
} from '@hs/notifications';
import type { OrderRow } from '@hs/read-models';
import type { Logger } from 'pino';
import { contactFromOrder, manageUrl, readEmailConfigs } from '../../order';
import type { RegistrationRead } from '../../registration';
import type { JobContext } from '../context';
import { namesInLanguage } from './catalogue-texts';
import { findEvent, languageOf } from './from-log';

/** The clinic's name and contact details as every email's footer shows them. */
export async function companyVariables(ctx: JobContext): Promise<Record<string, string>> {
  const s = await readCompanySettings(ctx.sql);
  return {
    companyName: s.companyName,
    companyAddress: s.address,
    companyPhone: s.contactPhone,
    companyEmail: s.contactEmail,
  };
}

/** The order's dates and times in `language` (the documents' are English). */
function datesIn(
  language: Language,
  read: RegistrationRead,
  order: OrderRow,
  doc: DocumentData,
  invoice: InvoiceSnapshot | null,
): Record<string, string> {
  const paid = doc.payment
    ? findEvent(read, 'PaymentRecorded', { transactionId: doc.payment.transactionId })
    : undefined;
  return {
    timeslotDate: order.timeslotDate ? formatAppointmentDate(language, order.timeslotDate) : '',
    timeslotTime: order.timeslotTime ? formatAppointmentTime(language, order.timeslotTime) : '',
    paidAt: paid ? formatInstantDateTime(language, (paid.data as { at: string }).at) : '',
    invoiceDate: formatInstantDate(language, invoice?.issuedAt ?? order.createdAt),
    cancelledAt: order.cancelledAt ? formatInstantDateTime(language, order.cancelledAt) : '',
  };
}

export async function renderOrderEmail(
  ctx: JobContext,
  log: Logger,
  emailType: EmailType,
  c: {
    read: RegistrationRead;
    order: OrderRow;
    doc: DocumentData;
    invoice?: InvoiceSnapshot | null;
    variables?: Record<string, string>;
  },
): Promise<ReturnType<typeof renderEmail>> {
  const { read, order, doc } = c;
  const language = languageOf(read);
  const named = await namesInLanguage(ctx.sql, doc, order, language);
  const vars = {
    ...emailVariablesFromDocument(named, contactFromOrder(order), { status: order.status }),
    ...datesIn(language, read, order, doc, c.invoice ?? null),
    ...(await companyVariables(ctx)),
    // every booking email links the booking's page: reschedule or cancel
    manageUrl: manageUrl(ctx.publicBaseUrl, order.referenceNumber, {
      secret: ctx.manageLinkSecret,
      appointmentDay: order.timeslotDate,
      now: ctx.clock(),
    }),
    ...c.variables,
  };
  const configs = await readEmailConfigs(ctx.sql);
  const email = renderEmail(emailType, configs, vars, language);
  for (const f of email.fallbacks)
    log.warn({ setting: f.key, reason: f.reason }, 'email config replaced by its default');
  return email;
}
