/**
 * Who may book under a programme (issue 51): a work email whose domain is one of the programme's (or
 * a sub-domain of one), or an address on its roster. The roster is looked up by the caller (it is
 * I/O); what decides is here.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { EMAIL_PATTERN } from '../validation/fields';

/** A domain as staff may type it ("@Acme.sg ", ".acme.sg"): lower case, no leading @ or dot; null if not a domain. */
export function normalizeDomain(input: string): string | null {
  const d = input
    .trim()
    .toLowerCase()
    .replace(/^[@.]+/, '');
  return /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(d) ? d : null;
}

/** An email address as compared: trimmed, lower case; null when it is not one. */
export function normalizeWorkEmail(input: string): string | null {
  const e = input.trim().toLowerCase();
  return e.length <= 254 && EMAIL_PATTERN.test(e) ? e : null;
}

/**
 * The mailbox an address reaches: without a `+tag` in its local part (Google Workspace and Microsoft 365
 * deliver `me+1@acme.sg` to `me@acme.sg`), so a tag is not another employee with another entitlement.
 */
export function mailboxOf(email: string): string {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const plus = local.indexOf('+');
  return plus > 0 ? `${local.slice(0, plus)}${email.slice(at)}` : email;
}

export function emailDomainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1);
}

/**
 * The email's domain is an allowed one or a sub-domain of it: `hq.acme.sg` is `acme.sg`'s, but
 * `notacme.sg` and `acme.sg.evil.com` are not (a look-alike matches no allowed domain by label).
 */
export function domainAllowed(email: string, allowed: readonly string[]): boolean {
  const domain = emailDomainOf(email);
  return allowed.some((a) => domain === a || domain.endsWith(`.${a}`));
}

export type Eligibility =
  | { eligible: true; via: 'roster'; employeeKey: string; employeeId: string }
  | { eligible: true; via: 'domain'; employeeKey: string; employeeId: null }
  | { eligible: false };

/**
 * Whether an email may book. A roster match wins over a domain match, so an employee on the roster
 * counts their bookings under their employee id whichever way they came in.
 */
export function programmeEligibility(
  email: string,
  programme: { emailDomains: readonly string[]; useRoster: boolean },
  rosterEmployeeId: string | null,
): Eligibility {
  if (programme.useRoster && rosterEmployeeId !== null)
    return {
      eligible: true,
      via: 'roster',
      employeeKey: `id:${rosterEmployeeId}`,
      employeeId: rosterEmployeeId,
    };
  if (domainAllowed(email, programme.emailDomains))
    return { eligible: true, via: 'domain', employeeKey: `email:${mailboxOf(email)}`, employeeId: null };
  return { eligible: false };
}

/** What the log keeps of an employee: a hash of the programme and their key, never the address itself. */
export function employeeKeyHash(programmeId: number, employeeKey: string): string {
  return bytesToHex(sha256(utf8ToBytes(`${programmeId}:${employeeKey}`))).slice(0, 32);
}
