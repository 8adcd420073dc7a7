/**
 * Company billing (issue 51): at every sweep, the invoices due (each programme's months that ended,
 * and a closed programme's bookings), the credit notes of billed bookings cancelled since, and the
 * PDFs of invoices and credit notes not yet emailed to their company's billing contact. Everything it owes is in
 * Postgres (the orders read model, the register), so a restart or a lost Redis loses nothing; a month
 * ends once a month, so a slow sweep (COMPANY_BILLING_SWEEP_MS, 10 minutes) is on time enough.
 */
import { issueDueCompanyCreditNotes, issueDueCompanyInvoices } from '@hs/commands';
import type { Sql } from '@hs/db';
import type { CreditNoteSnapshot, InvoiceSnapshot } from '@hs/domain';
import {
  type Mailer,
  formatFrom,
  renderIssuedCreditNotePdf,
  renderIssuedInvoicePdf,
} from '@hs/notifications';
import type { Logger } from 'pino';
import { startSweeper } from './sweeper';

const ACTOR = 'worker:company-billing';

interface CompanyMail {
  number: string;
  to: string;
  subject: string;
  text: string;
  pdf: () => Promise<Uint8Array>;
}

async function send(mailer: Mailer, from: string, mail: CompanyMail) {
  await mailer.send({
    to: mail.to,
    from,
    subject: mail.subject,
    text: mail.text,
    html: mail.text
      .split('\n\n')
      .map((p) => `<p>${p.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)}</p>`)
      .join('\n'),
    attachments: [
      { filename: `${mail.number}.pdf`, content: await mail.pdf(), contentType: 'application/pdf' },
    ],
  });
}

async function senderOf(sql: Sql) {
  const config = await sql<{ key: string; value: string }[]>`
    select config_key as key, config_value as value from email_configs
    where config_key in ('EMAIL_SENDER_NAME', 'EMAIL_SENDER_ADDRESS')`;
  return formatFrom(Object.fromEntries(config.map((r) => [r.key, r.value])));
}

/**
 * Each company invoice and credit note not yet emailed goes to its company's billing contact, once:
 * claimed before it is sent, so two workers never send it both, and given back if sending fails.
 */
async function emailUnsent(sql: Sql, mailer: Mailer, log: Logger) {
  const invoices = await sql<{ number: string; to: string; snapshot: InvoiceSnapshot }[]>`
    select ci.number, c.billing_email as "to", i.snapshot
    from company_invoices ci join companies c on c.id = ci.company_id join invoices i on i.number = ci.number
    where ci.emailed_at is null order by ci.issued_at limit 50`;
  const notes = await sql<{ number: string; to: string; snapshot: CreditNoteSnapshot }[]>`
    select i.number, c.billing_email as "to", i.snapshot
    from invoices i join company_invoices ci on ci.number = i.original_number
      join companies c on c.id = ci.company_id
    where i.kind = 'credit-note' and i.refund_id like 'company:%'
      and not exists (select 1 from company_credit_note_emails e where e.number = i.number)
    order by i.issued_at limit 50`;
  if (invoices.length === 0 && notes.length === 0) return;
  const from = await senderOf(sql);
  for (const { number, to, snapshot } of invoices) {
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
      await send(mailer, from, {
        number,
        to,
        subject: `Tax invoice ${number}: ${what}`,
        text,
        pdf: () => renderIssuedInvoicePdf(snapshot),
      });
    } catch (err) {
      await sql`update company_invoices set emailed_at = null where number = ${number}`;
      throw err;
    }
    log.info({ invoice: number }, 'company invoice emailed');
  }
  for (const { number, to, snapshot } of notes) {
    const claimed = await sql`
      insert into company_credit_note_emails (number) values (${number}) on conflict do nothing returning number`;
    if (claimed.length === 0) continue;
    const text = [
      'Hello,',
      `Attached is credit note ${number} against tax invoice ${snapshot.originalInvoiceNumber} (${snapshot.reason}).`,
      'Health Screening',
    ].join('\n\n');
    try {
      await send(mailer, from, {
        number,
        to,
        subject: `Credit note ${number} against invoice ${snapshot.originalInvoiceNumber}`,
        text,
        pdf: () => renderIssuedCreditNotePdf(snapshot),
      });
    } catch (err) {
      await sql`delete from company_credit_note_emails where number = ${number}`;
      throw err;
    }
    log.info({ creditNote: number }, 'company credit note emailed');
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
