/** The order an email is about, as of the job's cause, with its document and (issue 25) issued invoice. */
import { isInvoiceable, issueInvoice } from '@hs/commands';
import type { InvoiceSnapshot } from '@hs/domain';
import type { DocumentData, DocumentPayment } from '@hs/notifications';
import { type OrderRow, readOrderAtVersion } from '@hs/read-models';
import { documentFromOrder, formatSingaporeDate } from '../../order';
import type { RegistrationRead } from '../../registration';
import type { JobContext } from '../context';
import { causeOf, causeTime } from './from-log';

/**
 * An issued document's date (issue 25): when what it documents happened (the payment or
 * confirmation, the refund), seconds before the worker issues it, or a month before for the demo
 * seed's back-dated orders; never later than now; now when the cause has no time.
 */
export function documentDate(at: unknown): Date | undefined {
  const t = typeof at === 'string' ? Date.parse(at) : Number.NaN;
  return Number.isNaN(t) ? undefined : new Date(Math.min(t, Date.now()));
}

/**
 * The order at the cause's version or later (waiting for the projection), its document showing
 * `payment`, and with `invoice` its issued invoice (issued now if the order has none yet).
 */
export async function orderDocuments(
  ctx: JobContext,
  read: RegistrationRead,
  cause: { registrationId: number; causeEventId: string; actor: string },
  options: { payment: DocumentPayment | null; invoice: boolean },
): Promise<{ order: OrderRow; doc: DocumentData; invoice: InvoiceSnapshot | null }> {
  const { registrationId, causeEventId, actor } = cause;
  const causeVersion = causeOf(read, causeEventId)?.version ?? 1;
  const order = await readOrderAtVersion(ctx.sql, registrationId, causeVersion, ctx.orderWaitMs);
  const doc = documentFromOrder(order, options.payment);
  const invoice =
    options.invoice && isInvoiceable(order)
      ? await issueInvoice(ctx.sql, order, {
          actor,
          causationId: causeEventId,
          at: documentDate(causeTime(read, causeEventId)),
        })
      : null;
  if (invoice) {
    doc.invoiceNumber = invoice.invoiceNumber;
    doc.invoiceDate = formatSingaporeDate(new Date(invoice.issuedAt));
  }
  return { order, doc, invoice };
}
