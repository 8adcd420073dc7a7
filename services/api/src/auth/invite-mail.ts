import type { Sql } from '@hs/db';
import { formatInstantDateTime } from '@hs/domain';
import { createMailer, formatFrom, type MailerOptions } from '@hs/notifications';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Sends the invite link (never a password) through the same mail path as the test email: SMTP_URL,
 * else .eml files in MAIL_OUTBOX_DIR. Answers whether it went; a failure is logged by the caller and
 * the admin still has the link to hand over.
 */
export async function sendInviteMail(
  sql: Sql,
  mail: MailerOptions,
  invite: { to: string; username: string; url: string; expiresAt: Date },
): Promise<void> {
  const rows = await sql<{ key: string; value: string }[]>`
    select config_key as key, config_value as value from email_configs
    where config_key in ('EMAIL_SENDER_NAME', 'EMAIL_SENDER_ADDRESS')`;
  const from = formatFrom(Object.fromEntries(rows.map((r) => [r.key, r.value])));
  // the one date and time format of everything sent (issue 46): 'Sat, 5 Dec 2026, 9:00 AM'
  const until = formatInstantDateTime('en', invite.expiresAt);
  const text = [
    `Hello ${invite.username},`,
    '',
    'You have been given a staff account on the Health Screening back-office.',
    `Choose your password here (the link works once, until ${until} Singapore time):`,
    invite.url,
    '',
    'If you did not expect this email, ignore it.',
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(invite.username)},</p>`,
    '<p>You have been given a staff account on the Health Screening back-office.</p>',
    `<p>Choose your password here (the link works once, until ${escapeHtml(until)} Singapore time):</p>`,
    `<p><a href="${escapeHtml(invite.url)}">${escapeHtml(invite.url)}</a></p>`,
    '<p>If you did not expect this email, ignore it.</p>',
  ].join('\n');
  const mailer = createMailer(mail);
  try {
    await mailer.send({ to: invite.to, from, subject: 'Your Health Screening staff account', html, text });
  } finally {
    await mailer.close();
  }
}
