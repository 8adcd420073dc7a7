/**
 * Company billing (issue 51): at every sweep, the invoices due (each programme's months that ended,
 * and a closed programme's bookings), the credit notes of billed bookings cancelled since, and the
 * PDFs of invoices not yet emailed to their company's billing contact. Everything it owes is in
 * Postgres (the orders read model, the register), so a restart or a lost Redis loses nothing; a month
 * ends once a month, so a slow sweep (COMPANY_BILLING_SWEEP_MS, 10 minutes) is on time enough.
 */
import { issueDueCompanyCreditNotes, issueDueCompanyInvoices } from '@hs/commands';
import type { Sql } from '@hs/db';
import type { InvoiceSnapshot } from '@hs/domain';
import { type Mailer, formatFrom, renderIssuedInvoicePdf } from '@hs/notifications';
import type { Logger } from 'pino';
import { startSweeper } from './sweeper';

const ACTOR = 'worker:company-billing';

async function emailUnsent(sql: Sql, mailer: Mailer, log: Logger) {
  const unsent = await sql<{ number: string; to: string; snapshot: InvoiceSnapshot }[]>`
    select ci.number, c.billing_email as "to", i.snapshot
    from company_invoices ci join companies c on c.id = ci.company_id join invoices i on i.number = ci.number
    where ci.emailed_at is null order by ci.issued_at limit 50`;
  if (unsent.length === 0) return;
  const config = await sql<{ key: string; value: string }[]>`
    select config_key as key, config_value as value from email_configs
    where config_key in ('EMAIL_SENDER_NAME', 'EMAIL_SENDER_ADDRESS')`;
  const from = formatFrom(Object.fromEntries(config.map((r) => [r.key, r.value])));
  for (const { number, to, snapshot } of unsent) {
    // claimed before it is sent, so two workers never send it both; given back if sending fails
    const claimed = await sql`
      update company_invoices set emailed_at = now() where number = ${number} and emailed_at is null returning number`;
    if (claimed.length === 0) continue;
    const what = `${snapshot.billedTo?.programmeName ?? 'Programme'}, bookings of ${snapshot.billedTo?.period ?? ''}`;
    const text = [
      'Hello,',
      `Attached is tax invoice ${number} for ${what}: one line per booking your company pays for.`,
      'Health Screening',
    ].join('\n\n');
    try {
      await mailer.send({
        to,
        from,
        subject: `Tax invoice ${number}: ${what}`,
        text,
        html: text
          .split('\n\n')
          .map((p) => `<p>${p.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)}</p>`)
          .join('\n'),
        attachments: [
          {
            filename: `${number}.pdf`,
            content: await renderIssuedInvoicePdf(snapshot),
            contentType: 'application/pdf',
          },
        ],
      });
    } catch (err) {
      await sql`update company_invoices set emailed_at = null where number = ${number}`;
      throw err;
    }
    log.info({ invoice: number }, 'company invoice emailed');
  }
}

export function startCompanyBillingSweeper(opts: {
  sql: Sql;
  mailer: Mailer;
  everyMs: number;
  clock: () => Date;
  log: Logger;
}) {
  const { sql, mailer, clock, log } = opts;
  return startSweeper({
    everyMs: opts.everyMs,
    log,
    failure: 'company billing sweep failed; trying again',
    sweep: async () => {
      const invoices = await issueDueCompanyInvoices(sql, clock(), { actor: ACTOR });
      if (invoices.length > 0)
        log.info({ invoices: invoices.map((i) => i.invoiceNumber) }, 'company invoices issued');
      const notes = await issueDueCompanyCreditNotes(sql, { actor: ACTOR, at: clock() });
      if (notes.length > 0)
        log.info({ creditNotes: notes.map((n) => n.creditNoteNumber) }, 'company credit notes issued');
      await emailUnsent(sql, mailer, log);
    },
  });
}
