import type { MyinfoPrefill } from './myinfo-api';

/** The form fields Myinfo can fill. */
export type MyinfoField =
  | 'identificationNumber'
  | 'firstName'
  | 'lastName'
  | 'gender'
  | 'dateOfBirth'
  | 'mobileNumber'
  | 'email'
  | 'postalCode'
  | 'unitNumber'
  | 'address';

/** The verified identity: read-only while it is Myinfo's (only the name's split may change). */
export const LOCKED_FIELDS: readonly MyinfoField[] = [
  'identificationNumber',
  'firstName',
  'lastName',
  'gender',
  'dateOfBirth',
];

/** Which fields a prefill filled and which of them are read-only; empty when nothing is from Myinfo. */
export interface MyinfoMarks {
  filled: ReadonlySet<string>;
  locked: ReadonlySet<string>;
}

export const NO_MARKS: MyinfoMarks = { filled: new Set(), locked: new Set() };

export interface PrefillFormat {
  /** `dmy`: DD/MM/YYYY as typed in most forms; `iso`: yyyy-MM-dd for a date picker. */
  date: 'dmy' | 'iso';
  /** The form's spelling of the gender ('male' or 'Male'). */
  gender: (g: 'male' | 'female') => string;
}

const toDmy = (iso: string) => {
  const [y, m, d] = iso.split('-');
  return y && m && d ? `${d}/${m}/${y}` : iso;
};

/** The values a prefill gives, by field; a field Myinfo had nothing for is absent (the form keeps its own). */
export function prefillValues(p: MyinfoPrefill, format: PrefillFormat): Partial<Record<MyinfoField, string>> {
  const all: Record<MyinfoField, string | null> = {
    identificationNumber: p.identificationNumber,
    firstName: p.firstName,
    lastName: p.lastName,
    gender: p.gender ? format.gender(p.gender) : null,
    dateOfBirth: p.dateOfBirth ? (format.date === 'dmy' ? toDmy(p.dateOfBirth) : p.dateOfBirth) : null,
    mobileNumber: p.mobileNumber,
    email: p.email,
    postalCode: p.postalCode,
    unitNumber: p.unitNumber,
    address: p.address,
  };
  return Object.fromEntries(Object.entries(all).filter(([, v]) => v !== null && v !== '')) as Partial<
    Record<MyinfoField, string>
  >;
}

/** "Clear and enter manually": every field the prefill filled, emptied. */
export function clearedValues(p: MyinfoPrefill): Partial<Record<MyinfoField, string>> {
  const format: PrefillFormat = { date: 'iso', gender: (g) => g };
  return Object.fromEntries(Object.keys(prefillValues(p, format)).map((k) => [k, '']));
}

/** The fields to mark "From Myinfo" and to make read-only, for `fields` of this form. */
export function myinfoMarks(p: MyinfoPrefill | null, fields?: readonly string[]): MyinfoMarks {
  if (!p) return NO_MARKS;
  const filled = Object.keys(prefillValues(p, { date: 'iso', gender: (g) => g })).filter(
    (f) => !fields || fields.includes(f),
  );
  return {
    filled: new Set(filled),
    locked: new Set(filled.filter((f) => (LOCKED_FIELDS as readonly string[]).includes(f))),
  };
}
