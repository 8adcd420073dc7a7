/**
 * Phone numbers for SMS (issue 26): what the booking form took, normalised to E.164. Singapore
 * numbers have 8 digits; those starting 3, 6, 8 or 9 are valid subscriber numbers, and of those only
 * 8 and 9 are mobiles (3 is VoIP, 6 fixed lines): only mobiles can receive an SMS.
 */

export type PhoneNumber =
  | { kind: 'mobile'; e164: string }
  | { kind: 'landline'; e164: string }
  | { kind: 'invalid' };

const SEPARATORS = /[\s\-().]/g;

/** A Singapore number in E.164 with its kind; anything we cannot read as one is 'invalid'. */
export function parseSingaporeNumber(raw: string | null | undefined): PhoneNumber {
  if (typeof raw !== 'string') return { kind: 'invalid' };
  let s = raw.trim().replace(SEPARATORS, '');
  if (s.startsWith('+65')) s = s.slice(3);
  else if (s.startsWith('0065')) s = s.slice(4);
  else if (s.length === 10 && s.startsWith('65')) s = s.slice(2);
  if (!/^[3689]\d{7}$/.test(s)) return { kind: 'invalid' };
  const e164 = `+65${s}`;
  return s[0] === '8' || s[0] === '9' ? { kind: 'mobile', e164 } : { kind: 'landline', e164 };
}

/** The E.164 number an SMS can go to, or null (not a Singapore mobile). */
export function smsRecipient(raw: string | null | undefined): string | null {
  const n = parseSingaporeNumber(raw);
  return n.kind === 'mobile' ? n.e164 : null;
}
