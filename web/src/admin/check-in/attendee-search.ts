import type { AttendeeParty, AttendeeSheet } from '@hs/contracts';

const squash = (s: string) => s.toLowerCase().replace(/[\s-]+/g, '');

/**
 * The parties of a day's sheet matching what staff typed: part of the reference number (dashes and
 * spaces ignored) or of a person's or the contact's name. Fewer than two characters match nothing.
 */
export function searchParties(sheet: AttendeeSheet | undefined, query: string): AttendeeParty[] {
  const q = squash(query);
  if (!sheet || q.length < 2) return [];
  return sheet.slots
    .flatMap((s) => s.parties)
    .filter(
      (p) =>
        squash(p.referenceNumber).includes(q) ||
        squash(p.contactName).includes(q) ||
        p.people.some((x) => squash(x.name).includes(q)),
    );
}
