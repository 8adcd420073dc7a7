/** Renders an email (sender, subject, HTML and plain-text bodies) from the email configs. */
import { LANGUAGE_LOCALES, type Language } from '@hs/domain';
import { greetingName } from './greeting';
import { TRANSLATED_EMAILS, emailWords } from './languages';
import { renderSandboxed } from './sandbox';
import { DEFAULT_EMAIL_CONFIGS, type EmailType, emailConfigKeys, PRODUCT_NAME } from './templates';
import { validateTemplate } from './validate';
import type { EmailVariables } from './variables';

export interface RenderedEmail {
  from: string;
  subject: string;
  html: string;
  text: string;
  /**
   * Config keys whose stored value was unusable (refused by the validator or failed to render) and
   * were replaced by the seeded default, with the reason. Log them; the email still goes out.
   */
  fallbacks: { key: string; reason: string }[];
}

const MAX_SUBJECT_LENGTH = 250;

/**
 * Renders the email of `type` from `configs` (configKey -> configValue, as stored). Missing keys fall
 * back to DEFAULT_EMAIL_CONFIGS; a stored template that the validator refuses, or that fails or times
 * out while rendering, also falls back to the default (listed in `fallbacks`), so a bad template never
 * blocks a confirmation email and never runs. Output is HTML-escaped in the body; the subject is
 * plain text on one line. Throws only if the seeded defaults themselves fail (a bug), with no data.
 *
 * `language` (issue 26, issue 46: the booking's): every type is written in it (./languages), with
 * the customer greeted by the language's convention (`greetingName`), and the layout's words and the
 * clinic's contact details (`companyName`, `companyPhone`, `companyEmail`, `companyAddress`) in it.
 * English is the email configs staff edit.
 */
export function renderEmail(
  type: EmailType,
  configs: Record<string, string>,
  vars: EmailVariables,
  language: Language = 'en',
): RenderedEmail {
  const keys = emailConfigKeys(type);
  const fallbacks: RenderedEmail['fallbacks'] = [];
  const translated = language === 'en' ? undefined : TRANSLATED_EMAILS[language];
  if (translated) {
    configs = {
      ...configs,
      [keys.subject]: translated[keys.subject]!,
      [keys.template]: translated[keys.template]!,
    };
  }
  const all: EmailVariables = {
    ...vars,
    greetingName:
      typeof vars.greetingName === 'string' && vars.greetingName
        ? vars.greetingName
        : greetingName(language, String(vars.firstName ?? ''), String(vars.lastName ?? '')),
    companyName: typeof vars.companyName === 'string' && vars.companyName ? vars.companyName : PRODUCT_NAME,
  };
  const subject = renderConfig(keys.subject, configs, all, 'text', fallbacks)
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_SUBJECT_LENGTH);
  const body = renderConfig(keys.template, configs, all, 'html', fallbacks);
  const footer = footerHtml(all, language);
  const html = wrapHtml(body, footer, subject, language);
  return { from: formatFrom(configs), subject, html, text: htmlToText(`${body}\n${footer}`), fallbacks };
}

function configValue(configs: Record<string, string>, key: string): string {
  const v = configs && Object.hasOwn(configs, key) ? configs[key] : undefined;
  return typeof v === 'string' && v.trim() !== '' ? v : (DEFAULT_EMAIL_CONFIGS[key]?.value ?? '');
}

function renderConfig(
  key: string,
  configs: Record<string, string>,
  vars: EmailVariables,
  mode: 'html' | 'text',
  fallbacks: RenderedEmail['fallbacks'],
): string {
  const source = configValue(configs, key);
  const check = validateTemplate(source);
  if (check.ok) {
    try {
      return renderSandboxed(source, vars, { escape: mode });
    } catch (e) {
      fallbacks.push({ key, reason: e instanceof Error ? e.message : 'Template failed while rendering' });
    }
  } else {
    fallbacks.push({ key, reason: check.message });
  }
  const fallback = DEFAULT_EMAIL_CONFIGS[key]?.value ?? '';
  return renderSandboxed(fallback, vars, { escape: mode });
}

/** `"Health Screening Appointments" <appointments@...>` from EMAIL_SENDER_NAME / _ADDRESS. */
export function formatFrom(configs: Record<string, string>): string {
  const name = configValue(configs, 'EMAIL_SENDER_NAME')
    .replace(/["\\\r\n<>]/g, '')
    .trim();
  let address = configValue(configs, 'EMAIL_SENDER_ADDRESS').trim();
  if (!/^[^\s<>"@]+@[^\s<>"@]+$/.test(address)) address = DEFAULT_EMAIL_CONFIGS.EMAIL_SENDER_ADDRESS!.value;
  return name ? `"${name}" <${address}>` : address;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/**
 * The layout's footer, in the email's language: the clinic's contact details (issue 46: every email
 * says how to reach the clinic), then who sent the email. Marked for withCheckInQr, which inserts
 * before it.
 */
function footerHtml(vars: EmailVariables, language: Language): string {
  const w = emailWords(language);
  const company = escapeHtml(str(vars.companyName));
  const fill = (words: string) => words.replace(/<%= companyName %>/g, company);
  const phone = str(vars.companyPhone);
  const email = str(vars.companyEmail);
  const address = str(vars.companyAddress);
  const link = 'style="color:#0f5f8c"';
  const contacts = [
    phone ? `<a href="tel:${escapeHtml(phone.replace(/\s+/g, ''))}" ${link}>${escapeHtml(phone)}</a>` : '',
    email ? `<a href="mailto:${escapeHtml(email)}" ${link}>${escapeHtml(email)}</a>` : '',
    address ? escapeHtml(address) : '',
  ].filter(Boolean);
  const contact = contacts.length
    ? `<p style="margin:0 0 6px">${fill(w.contactUs)} ${contacts.join(' · ')}</p>\n`
    : '';
  return `<div style="color:#6b7780;font-size:12px;padding:12px 4px">
${contact}<p style="margin:0">${fill(w.sentBy)}</p>
</div>`;
}

/** A plain, email-client-safe HTML document around the rendered body (unless it is one already). */
function wrapHtml(body: string, footer: string, subject: string, language: Language): string {
  if (/^\s*(<!doctype|<html)/i.test(body)) return body;
  return `<!doctype html>
<html lang="${LANGUAGE_LOCALES[language]}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f6f8;font-family:Helvetica,Arial,sans-serif;color:#1f2933;font-size:15px;line-height:1.5">
<div style="max-width:600px;margin:0 auto;padding:24px">
<div style="background:#0f5f8c;color:#fff;padding:16px 20px;font-size:20px;font-weight:bold">${PRODUCT_NAME}</div>
<div style="background:#fff;padding:20px">
${body}
</div>
${footer}
</div>
</body>
</html>`;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * A link as plain text: its words and, where the words are not the address already, the address
 * after them ("Manage my booking: https://…"), so a reader without HTML still has every link.
 */
function linkAsText(_: string, href: string, label: string): string {
  const words = label.replace(/<[^>]+>/g, '').trim();
  if (/^(mailto|tel):/i.test(href) || !href || words === href) return label;
  return words ? `${label}: ${href}` : href;
}

/**
 * The plain-text alternative: block elements to line breaks, cells separated, links with their
 * addresses, tags dropped, entities decoded.
 */
export function htmlToText(html: string): string {
  return html
    .replace(/<(style|script|head|title)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<a\s[^>]*?href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, linkAsText)
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '\n- ')
    .replace(/<\/(td|th)>\s*/gi, '  ')
    .replace(/<\/(p|div|tr|table|ul|ol|h[1-6])>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (m, e: string) => {
      if (e[0] === '#') {
        const code = e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1));
        return Number.isFinite(code) ? String.fromCodePoint(code) : m;
      }
      return ENTITIES[e.toLowerCase()] ?? m;
    })
    .split('\n')
    .map((l) => l.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
