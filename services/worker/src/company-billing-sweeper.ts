/**
 * Company billing (issue 51): at every sweep, the invoices due (each programme's months that ended,
 * and a closed programme's bookings), the credit notes of billed bookings cancelled since, and the
 * PDFs of invoices and credit notes not yet emailed to their company's billing contact. Everything it owes is in
 * Postgres (the orders read model, the register), so a restart or a lost Redis loses nothing; a month
 * ends once a month, so a slow sweep (COMPANY_BILLING_SWEEP_MS, 10 minutes) is on time enough.
 */
import { issueDueCompanyCreditNotes, issueDueCompanyInvoices } from '@hs/commands';
import type { Sql, TransactionSql } from '@hs/db';
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
 * Sends one company document, once: under a transaction-scoped advisory lock on its number (another
 * worker skips it meanwhile), checked unsent again inside, and marked sent in that transaction once the
 * mail server has taken it. A crash or a refusal leaves it unsent for the next sweep (a crash after the
 * server took it may send it twice: at least once, never lost); one document's failure holds back no other.
 */
async function sendOnce(
  sql: Sql,
  log: Logger,
  mail: CompanyMail & {
    sent: (tx: TransactionSql) => Promise<boolean>;
    markSent: (tx: TransactionSql) => Promise<unknown>;
  },
  send: (mail: CompanyMail) => Promise<void>,
) {
  try {
    await sql.begin(async (tx) => {
      const [lock] = await tx<{ ok: boolean }[]>`
        select pg_try_advisory_xact_lock(hashtext(${`company-mail:${mail.number}`})) as ok`;
      if (!lock?.ok || (await mail.sent(tx))) return;
      await send(mail);
      await mail.markSent(tx);
      log.info({ document: mail.number }, 'company document emailed');
    });
  } catch (err) {
    log.error({ err, document: mail.number }, 'company document not emailed; the next sweep tries again');
  }
}

/** Each company invoice and credit note not yet emailed goes to its company's billing contact. */
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
  const deliver = (mail: CompanyMail) => send(mailer, from, mail);
  for (const { number, to, snapshot } of invoices) {
    const what = `${snapshot.billedTo?.programmeName ?? 'Programme'}, bookings of ${snapshot.billedTo?.period ?? ''}`;
    await sendOnce(
      sql,
      log,
      {
        number,
        to,
        subject: `Tax invoice ${number}: ${what}`,
        text: [
          'Hello,',
          `Attached is tax invoice ${number} for ${what}: one line per booking your company pays for.`,
          'Health Screening',
        ].join('\n\n'),
        pdf: () => renderIssuedInvoicePdf(snapshot),
        sent: async (tx) =>
          (await tx`select 1 from company_invoices where number = ${number} and emailed_at is not null`)
            .length > 0,
        markSent: (tx) => tx`update company_invoices set emailed_at = now() where number = ${number}`,
      },
      deliver,
    );
  }
  for (const { number, to, snapshot } of notes) {
    await sendOnce(
      sql,
      log,
      {
        number,
        to,
        subject: `Credit note ${number} against invoice ${snapshot.originalInvoiceNumber}`,
        text: [
          'Hello,',
          `Attached is credit note ${number} against tax invoice ${snapshot.originalInvoiceNumber} (${snapshot.reason}).`,
          'Health Screening',
        ].join('\n\n'),
        pdf: () => renderIssuedCreditNotePdf(snapshot),
        sent: async (tx) =>
          (await tx`select 1 from company_credit_note_emails where number = ${number}`).length > 0,
        markSent: (tx) =>
          tx`insert into company_credit_note_emails (number) values (${number}) on conflict do nothing`,
      },
      deliver,
    );
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
