/**
 * Who may change a booking from the manage page (issue 46). The reference alone is read aloud at
 * clinic desks, so a change also needs the signed link of the booking's emails or a second check:
 * the booking's date of birth (yyyy-MM-dd), and its email too when one is given. The email alone is
 * no check: the spec's lookup by reference shows it. A wrong second check gets the unknown reference's
 * answer, so it tells nothing about the booking.
 */

export const MANAGE_ACCESS_MESSAGES = {
  proofNeeded: "Open the link in your confirmation email, or enter the booking's date of birth.",
  linkInvalid: "This manage link is not valid. Enter the booking's date of birth instead.",
  linkExpired: "This manage link has expired. Enter the booking's date of birth instead.",
  tooManyLookups: 'Too many lookups. Please wait a few minutes and try again.',
  tooManyWrongChecks:
    'Too many wrong answers for this booking. Open the link in your confirmation email, or try again in an hour.',
  /** The manage page's form, before it asks: no date of birth entered. */
  secondCheckRequired: "Enter the booking's date of birth.",
} as const;

/** What a visitor gave besides the reference: the link's token, or a second check. */
export interface ManageProof {
  token?: string;
  email?: string;
  dateOfBirth?: string;
}

/** A second check was given: a date of birth (an email alone is no check). */
export const hasSecondCheck = (proof: Pick<ManageProof, 'dateOfBirth'>): boolean =>
  !!proof.dateOfBirth?.trim();

/** True when the date of birth matches the booking's, and the email too when one is given. */
export function secondCheckMatches(
  contact: { email: string; dateOfBirth: string } | null,
  proof: Pick<ManageProof, 'email' | 'dateOfBirth'>,
): boolean {
  const email = proof.email?.trim();
  const dateOfBirth = proof.dateOfBirth?.trim();
  if (!contact || !dateOfBirth) return false;
  if (email && email.toLowerCase() !== contact.email.trim().toLowerCase()) return false;
  if (dateOfBirth && dateOfBirth !== contact.dateOfBirth) return false;
  return true;
}
