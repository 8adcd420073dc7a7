/**
 * The corporate programme's emails the api sends itself (issue 51), as the staff invite does: a
 * one-time code lives 10 minutes and is owed by no event, so it goes now, through the same mail path
 * (SMTP_URL, else .eml files in MAIL_OUTBOX_DIR). Words from the one catalogue of what is sent.
 */
import type { Sql } from '@hs/db';
import { type Language, formatInstantDateTime } from '@hs/domain';
import { type MailerOptions, catalogueText, createMailer, formatFrom } from '@hs/notifications';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function sender(sql: Sql): Promise<string> {
  const rows = await sql<{ key: string; value: string }[]>`
    select config_key as key, config_value as value from email_configs
    where config_key in ('EMAIL_SENDER_NAME', 'EMAIL_SENDER_ADDRESS')`;
  return formatFrom(Object.fromEntries(rows.map((r) => [r.key, r.value])));
}

async function send(sql: Sql, mail: MailerOptions, to: string, subject: string, paragraphs: string[]) {
  const mailer = createMailer(mail);
  try {
    await mailer.send({
      to,
      from: await sender(sql),
      subject,
      text: paragraphs.join('\n\n'),
      html: paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n'),
    });
  } finally {
    await mailer.close();
  }
}

/** The code, or (code null) the polite word that the programme is not open to this address. */
export async function sendProgrammeCodeMail(
  sql: Sql,
  mail: MailerOptions,
  to: string,
  language: Language,
  programme: { name: string; companyName: string },
  code: string | null,
): Promise<void> {
  const t = (key: string) =>
    catalogueText(language, `programme.${key}`, {
      programme: programme.name,
      company: programme.companyName,
    });
  if (code === null) {
    await send(sql, mail, to, t('notOpenSubject'), [t('notOpenBody'), t('signOff')]);
    return;
  }
  await send(sql, mail, to, t('codeSubject'), [t('codeIntro'), code, t('codeValidity'), t('signOff')]);
}

/** HR's read-only link to a programme's report (staff write in English to a company contact). */
export async function sendReportLinkMail(
  sql: Sql,
  mail: MailerOptions,
  to: string,
  link: { url: string; expiresAt: Date; programme: string; company: string },
): Promise<void> {
  await send(sql, mail, to, `${link.programme}: programme report`, [
    `Hello,`,
    `This is the report of ${link.programme} for ${link.company}: how many of your staff have booked, attended and not yet booked, by department and site. It shows no health details.`,
    link.url,
    `The link is read-only and works until ${formatInstantDateTime('en', link.expiresAt)} Singapore time.`,
    'Health Screening',
  ]);
}
