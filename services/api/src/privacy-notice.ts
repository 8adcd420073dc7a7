import type { PrivacyNotice } from '@hs/contracts';
import type { Sql, TransactionSql } from '@hs/db';
import { saveSetting } from './settings';

export const PRIVACY_NOTICE = 'privacy_notice';

/** Served until staff write their own (version 1); plain text, blank lines between paragraphs. */
export const DEFAULT_PRIVACY_NOTICE = `We collect the personal data on the booking form to arrange and carry out your health screening, under Singapore's Personal Data Protection Act (PDPA).

Why we ask for your NRIC or FIN: a medical check-up needs your identity verified accurately, so that your results and medical records are matched to you and to no one else, and so that member prices and partner benefits reach the right person. The PDPC's advisory guidelines allow the collection of NRIC numbers for this purpose.

What we hold: your name, NRIC or FIN, date of birth, gender, contact details, address, and any medical conditions you tell us about, with your booking and payment records. Card details are handled by our payment provider; we never see or keep your card number.

Who sees it: only our staff who run the screening and handle your booking. NRIC numbers are shown masked (for example S****567A) unless a staff member needs the full number, and every such view is recorded. We share your details with the screening partner or insurer only as your booking needs.

How long we keep it: no longer than needed for your screening, its follow-up and our legal obligations; then it is erased.

Your rights: you may ask what personal data we hold about you, ask us to correct it, or withdraw your consent, by contacting us with your booking reference. Withdrawing consent may mean we cannot carry out the screening.`;

interface Stored {
  text: string;
  version: number;
}

function parse(value: string | undefined): Stored | null {
  if (value === undefined) return null;
  try {
    const stored = JSON.parse(value) as Partial<Stored>;
    if (typeof stored.text === 'string' && Number.isSafeInteger(stored.version)) return stored as Stored;
  } catch {}
  return null;
}

/** The version of the notice in force from the setting's stored value: what staff set, else 1. */
export function noticeVersionFrom(stored: string | null | undefined): number {
  return parse(stored ?? undefined)?.version ?? 1;
}

/** The notice in force: what staff set, else the default as version 1. */
export async function privacyNotice(db: Sql | TransactionSql): Promise<PrivacyNotice> {
  const [row] = await db<{ value: string; updatedAt: Date }[]>`
    select setting_value as value, updated_at as "updatedAt" from system_settings
    where setting_key = ${PRIVACY_NOTICE}`;
  const stored = parse(row?.value);
  if (!stored || !row) return { text: DEFAULT_PRIVACY_NOTICE, version: 1, updatedAt: null };
  return { text: stored.text, version: stored.version, updatedAt: row.updatedAt.toISOString() };
}

/**
 * Staff change the notice: a new text gets the next version (bookings from now on record it); the same
 * text again changes nothing. Serialised on the setting's row so two saves never share a version.
 */
export async function savePrivacyNotice(db: Sql, text: string, actor: string): Promise<PrivacyNotice> {
  await db.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtext(${PRIVACY_NOTICE}))`;
    const before = await privacyNotice(tx);
    if (before.text === text) return;
    const after: Stored = { text, version: before.version + 1 };
    await saveSetting(tx, {
      key: PRIVACY_NOTICE,
      value: JSON.stringify(after),
      description: 'The privacy notice the booking form links to (/privacy)',
      actor,
      before: { version: before.version },
      after: { version: after.version },
    });
  });
  return privacyNotice(db);
}
