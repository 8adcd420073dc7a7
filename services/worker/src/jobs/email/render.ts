/** An order's email rendered from the email configs, in the language it was booked in (issue 26). */
import {
  type DocumentData,
  type EmailType,
  emailVariablesFromDocument,
  renderEmail,
} from '@hs/notifications';
import type { OrderRow } from '@hs/read-models';
import type { Logger } from 'pino';
import { contactFromOrder, formatSingaporeDateTime, manageUrl, readEmailConfigs } from '../../order';
import type { RegistrationRead } from '../../registration';
import type { JobContext } from '../context';
import { languageOf } from '../reminder';

export async function renderOrderEmail(
  ctx: JobContext,
  log: Logger,
  emailType: EmailType,
  c: { read: RegistrationRead; order: OrderRow; doc: DocumentData; variables?: Record<string, string> },
): Promise<ReturnType<typeof renderEmail>> {
  const { read, order, doc } = c;
  const vars = {
    ...emailVariablesFromDocument(doc, contactFromOrder(order), {
      status: order.status,
      cancelledAt: order.cancelledAt ? formatSingaporeDateTime(order.cancelledAt) : '',
    }),
    // every booking email may link the booking's page (the confirmation does): reschedule or cancel
    manageUrl: manageUrl(ctx.publicBaseUrl, order.referenceNumber, {
      secret: ctx.manageLinkSecret,
      appointmentDay: order.timeslotDate,
      now: ctx.clock(),
    }),
    ...c.variables,
  };
  const configs = await readEmailConfigs(ctx.sql);
  const email = renderEmail(emailType, configs, vars, languageOf(read));
  for (const f of email.fallbacks)
    log.warn({ setting: f.key, reason: f.reason }, 'email config replaced by its default');
  return email;
}
