/**
 * What an erased order's read models keep (issue 24): every field that names, reaches or describes a
 * person is emptied wherever it sits in a payload, so the order history and participant lists keep
 * their shape (packages, prices, ids) and nothing of the people.
 */

/** Keys of event payloads and read-model JSON that hold personal data. */
const PERSONAL_KEYS = new Set([
  'firstName',
  'lastName',
  'fullName',
  'name',
  'email',
  'mobileNumber',
  'gender',
  'identificationNumber',
  'identificationMasked',
  'identificationHash',
  'dateOfBirth',
  'postalCode',
  'unitNumber',
  'address',
  'medicalConditions',
  'aiaMemberId',
  'to',
]);

/** A copy of a JSON value with every personal field emptied ('' for text, null otherwise), at any depth. */
export function scrubPersonal<T>(value: T): T {
  if (Array.isArray(value)) return value.map(scrubPersonal) as T;
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    out[key] = PERSONAL_KEYS.has(key) ? (typeof v === 'string' ? '' : null) : scrubPersonal(v);
  }
  return out as T;
}
