/**
 * Myinfo (v5) person data -> MyinfoPerson. Myinfo wraps each item: `{ value }`, or `{ code, desc }`
 * for coded items, and may mark one `unavailable: true`; Singpass puts them under `person_info` in the
 * userinfo claims. Blank, unavailable or unusable items become null: nothing here is guessed. The
 * identification number, name and date of birth are what a prefill is for, so without them we refuse.
 */
import { SingpassError, type MyinfoPerson } from './types';

type Claims = Record<string, unknown>;

/** The person's items, whether under `person_info` (Singpass) or at the top level of the claims. */
export function myinfoPersonItems(claims: Claims): Claims {
  const nested = claims.person_info;
  return nested && typeof nested === 'object' && !Array.isArray(nested) ? (nested as Claims) : claims;
}

export function mapMyinfoPerson(claims: Claims): MyinfoPerson {
  const person = myinfoPersonItems(claims);
  const identificationNumber = text(person.uinfin, 'value')?.toUpperCase().replace(/\s+/g, '') ?? null;
  const name = text(person.name, 'value');
  const dateOfBirth = text(person.dob, 'value');
  if (!identificationNumber) throw new SingpassError('refused', 'Myinfo gave no identification number');
  if (!name) throw new SingpassError('refused', 'Myinfo gave no name');
  if (!dateOfBirth || !/^\d{4}-\d{2}-\d{2}$/.test(dateOfBirth)) {
    throw new SingpassError('refused', 'Myinfo gave no full date of birth');
  }
  const address = mapAddress(person.regadd);
  return {
    identificationNumber,
    name,
    sex: mapSex(text(person.sex, 'code')),
    dateOfBirth,
    nationality: text(person.nationality, 'desc'),
    residentialStatus: text(person.residentialstatus, 'desc'),
    mobileNumber: mapMobile(person.mobileno),
    email: text(person.email, 'value'),
    postalCode: address.postalCode,
    unitNumber: address.unitNumber,
    address: address.address,
  };
}

/** A Myinfo item's `value`, `code` or `desc`, trimmed; null when missing, blank or unavailable. */
function text(item: unknown, field: 'value' | 'code' | 'desc'): string | null {
  if (!item || typeof item !== 'object') return null;
  const record = item as Record<string, unknown>;
  if (record.unavailable === true) return null;
  const raw = record[field];
  if (typeof raw !== 'string' && typeof raw !== 'number') return null;
  const trimmed = String(raw).trim();
  return trimmed ? trimmed : null;
}

function mapSex(code: string | null): MyinfoPerson['sex'] {
  const upper = code?.toUpperCase();
  return upper === 'M' || upper === 'F' ? upper : 'U';
}

/** 8 Singapore digits; a number with another country code is not one our form can hold. */
function mapMobile(item: unknown): string | null {
  if (!item || typeof item !== 'object' || (item as { unavailable?: unknown }).unavailable === true)
    return null;
  const mobile = item as Record<string, unknown>;
  const area = (text(mobile.areacode, 'value') ?? '').replace(/\D/g, '');
  let digits = (text(mobile.nbr, 'value') ?? '').replace(/\D/g, '');
  if (area && area !== '65') return null;
  if (digits.length === 10 && digits.startsWith('65')) digits = digits.slice(2);
  return /^\d{8}$/.test(digits) ? digits : null;
}

interface MappedAddress {
  postalCode: string | null;
  unitNumber: string | null;
  address: string | null;
}

const NO_ADDRESS: MappedAddress = { postalCode: null, unitNumber: null, address: null };

/** regadd: type 'SG' (block, street, building, floor, unit, postal) or 'Unformatted' (line1, line2). */
function mapAddress(item: unknown): MappedAddress {
  if (!item || typeof item !== 'object') return NO_ADDRESS;
  const regadd = item as Record<string, unknown>;
  if (regadd.unavailable === true) return NO_ADDRESS;
  if (regadd.type === 'Unformatted') {
    const lines = [text(regadd.line1, 'value'), text(regadd.line2, 'value')].filter(Boolean);
    return { postalCode: null, unitNumber: null, address: lines.length ? lines.join(', ') : null };
  }
  const postal = text(regadd.postal, 'value');
  const floor = text(regadd.floor, 'value');
  const unit = text(regadd.unit, 'value');
  const street = [text(regadd.block, 'value'), text(regadd.street, 'value')].filter(Boolean).join(' ');
  const line = [street, text(regadd.building, 'value')].filter(Boolean).join(', ');
  return {
    postalCode: postal && /^\d{6}$/.test(postal) ? postal : null,
    unitNumber: floor && unit ? `#${floor}-${unit}` : null,
    address: line || null,
  };
}
