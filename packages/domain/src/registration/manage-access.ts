/**
 * Who may change a booking from the manage page (issue 46). The reference alone is read aloud at
 * clinic desks, so a change also needs the signed link of the booking's emails or a second check:
 * the booking's email (any case) or its date of birth (yyyy-MM-dd). A wrong second check gets the
 * unknown reference's answer, so it tells nothing about the booking.
 */

export const MANAGE_ACCESS_MESSAGES = {
  proofNeeded: "Open the link in your confirmation email, or enter the booking's email or date of birth.",
  linkInvalid: "This manage link is not valid. Enter the booking's email or date of birth instead.",
  linkExpired: "This manage link has expired. Enter the booking's email or date of birth instead.",
  tooManyLookups: 'Too many lookups. Please wait a few minutes and try again.',
  tooManyWrongChecks:
    'Too many wrong answers for this booking. Open the link in your confirmation email, or try again in an hour.',
  /** The manage page's form, before it asks: neither an email nor a date of birth entered. */
  secondCheckRequired: "Enter the booking's email or date of birth.",
} as const;

/** What a visitor gave besides the reference: the link's token, or a second check. */
export interface ManageProof {
  token?: string;
  email?: string;
  dateOfBirth?: string;
}

/** True when the visitor gave at least one second check and every one given matches the booking's. */
export function secondCheckMatches(
  contact: { email: string; dateOfBirth: string } | null,
  proof: Pick<ManageProof, 'email' | 'dateOfBirth'>,
): boolean {
  const email = proof.email?.trim();
  const dateOfBirth = proof.dateOfBirth?.trim();
  if (!contact || (!email && !dateOfBirth)) return false;
  if (email && email.toLowerCase() !== contact.email.trim().toLowerCase()) return false;
  if (dateOfBirth && dateOfBirth !== contact.dateOfBirth) return false;
  return true;
}
