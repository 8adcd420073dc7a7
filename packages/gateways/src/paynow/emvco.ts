/**
 * The PayNow QR payload: an EMVCo merchant-presented QR (EMV QRCPS) with PayNow's merchant account
 * template (ID 26, 'SG.PAYNOW'), as Singapore's banking apps scan it. Pure string work, no Node APIs,
 * so any test (or the browser) can read a payload back.
 *
 * Layout: ID, 2-digit length, value; 26 and 62 hold nested TLVs; 63 is the CRC-16/CCITT-FALSE of
 * everything before its value (including '6304'), as 4 upper-case hex digits.
 */
import { singaporeDay, toMoneyString } from '@hs/domain';

export interface PayNowPayloadInput {
  /** The merchant's UEN (Unique Entity Number), e.g. '201403121W'. */
  uen: string;
  /** Shown by the banking app; cut to 25 characters. */
  merchantName: string;
  amountCents: number;
  /** Bill number (62-01), e.g. the booking reference; at most 25 characters. */
  reference: string;
  /** Last day the QR may be paid: a Date (its Singapore calendar day) or 'yyyyMMdd'. */
  expiresOn?: Date | string;
}

export interface ParsedPayNowPayload {
  /** 'dynamic' (01 = '12', one payment) or 'static' ('11'). */
  initiation: 'static' | 'dynamic';
  /** 26-01: '0' mobile, '2' UEN. */
  proxyType: string;
  /** 26-02: the UEN or mobile number. */
  proxyValue: string;
  /** 26-03 is '1'. */
  amountEditable: boolean;
  /** 26-04, 'yyyyMMdd', when present. */
  expiresOn?: string;
  /** 54, in cents; null when the payload carries no amount. */
  amountCents: number | null;
  /** 53, ISO 4217 numeric ('702' is SGD). */
  currency: string;
  merchantName: string;
  merchantCity: string;
  /** 62-01, '' when absent. */
  reference: string;
  /** Every top-level field by ID, nested templates as their raw value. */
  fields: Record<string, string>;
}

const SGD = '702';
const MAX_TEXT = 25;

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor) of an ASCII string, 4 hex digits. */
export function crc16CcittFalse(text: string): string {
  let crc = 0xffff;
  for (let i = 0; i < text.length; i++) {
    crc ^= text.charCodeAt(i) << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

function tlv(id: string, value: string): string {
  if (value.length > 99) throw new RangeError(`EMVCo field ${id} is longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** Printable ASCII only: the lengths count characters, and banking apps read ASCII. */
const isPrintableAscii = (s: string) => /^[\x20-\x7e]*$/.test(s);

/** The payload for one PayNow payment of a fixed amount to a UEN. Throws RangeError on input it cannot encode. */
export function payNowPayload(input: PayNowPayloadInput): string {
  const uen = input.uen.trim().toUpperCase();
  if (!/^[0-9A-Z]{8,12}$/.test(uen)) throw new RangeError('PayNow UEN must be 8 to 12 letters or digits');
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) {
    throw new RangeError('PayNow amount must be a positive whole number of cents');
  }
  const reference = input.reference.trim();
  if (!reference || reference.length > MAX_TEXT || !isPrintableAscii(reference)) {
    throw new RangeError('PayNow reference must be 1 to 25 printable ASCII characters');
  }
  const name = input.merchantName
    .replace(/[^\x20-\x7e]/g, '')
    .trim()
    .slice(0, MAX_TEXT)
    .trim();
  if (!name) throw new RangeError('PayNow merchant name is empty');
  const expiresOn =
    input.expiresOn instanceof Date ? singaporeDay(input.expiresOn).replaceAll('-', '') : input.expiresOn;
  if (expiresOn !== undefined && !/^\d{8}$/.test(expiresOn)) {
    throw new RangeError('PayNow expiry must be yyyyMMdd');
  }

  const merchantAccount = [
    tlv('00', 'SG.PAYNOW'),
    tlv('01', '2'),
    tlv('02', uen),
    tlv('03', '0'),
    expiresOn ? tlv('04', expiresOn) : '',
  ].join('');
  const body = [
    tlv('00', '01'),
    tlv('01', '12'),
    tlv('26', merchantAccount),
    tlv('52', '0000'),
    tlv('53', SGD),
    tlv('54', toMoneyString(input.amountCents)),
    tlv('58', 'SG'),
    tlv('59', name),
    tlv('60', 'Singapore'),
    tlv('62', tlv('01', reference)),
    '6304',
  ].join('');
  return body + crc16CcittFalse(body);
}

/** Splits a TLV string into its fields; throws on a length that runs past the end. */
function readTlvs(text: string): Map<string, string> {
  const fields = new Map<string, string>();
  let at = 0;
  while (at < text.length) {
    const id = text.slice(at, at + 2);
    const length = Number(text.slice(at + 2, at + 4));
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(text.slice(at + 2, at + 4)) || at + 4 + length > text.length) {
      throw new Error(`PayNow payload: malformed field at position ${at}`);
    }
    fields.set(id, text.slice(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return fields;
}

/**
 * Reads a PayNow payload back. Throws when it is not one: malformed TLVs, a wrong CRC, no payload
 * format indicator '01', or no 'SG.PAYNOW' merchant account template in 26.
 */
export function parsePayNowPayload(data: string): ParsedPayNowPayload {
  const crcAt = data.length - 8;
  if (crcAt < 0 || data.slice(crcAt, crcAt + 4) !== '6304') {
    throw new Error('PayNow payload: no CRC field (6304) at the end');
  }
  const expected = crc16CcittFalse(data.slice(0, crcAt + 4));
  if (data.slice(crcAt + 4).toUpperCase() !== expected) {
    throw new Error(`PayNow payload: CRC mismatch (expected ${expected})`);
  }
  const fields = readTlvs(data);
  if (fields.get('00') !== '01') throw new Error('PayNow payload: payload format indicator is not 01');
  const account = readTlvs(fields.get('26') ?? '');
  if (account.get('00') !== 'SG.PAYNOW') throw new Error('PayNow payload: no SG.PAYNOW merchant account');
  const additional = readTlvs(fields.get('62') ?? '');
  const amount = fields.get('54');
  let amountCents: number | null = null;
  if (amount !== undefined) {
    if (!/^\d+(\.\d{1,2})?$/.test(amount)) throw new Error('PayNow payload: malformed amount');
    const [whole, fraction = ''] = amount.split('.');
    amountCents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  }
  return {
    initiation: fields.get('01') === '12' ? 'dynamic' : 'static',
    proxyType: account.get('01') ?? '',
    proxyValue: account.get('02') ?? '',
    amountEditable: account.get('03') === '1',
    ...(account.has('04') ? { expiresOn: account.get('04')! } : {}),
    amountCents,
    currency: fields.get('53') ?? '',
    merchantName: fields.get('59') ?? '',
    merchantCity: fields.get('60') ?? '',
    reference: additional.get('01') ?? '',
    fields: Object.fromEntries(fields),
  };
}
