import { readParticipants } from '../../public/legacy-storage';

/** A participant as the participants page keeps it in local storage (spec section 2). */
export interface PageParticipant {
  id: string;
  firstName: string;
  lastName: string;
  gender: 'Male' | 'Female';
  email: string | null;
  mobileNumber: string;
  identificationNumber: string;
  /** yyyy-MM-dd */
  dateOfBirth: string;
  isAiaMember: boolean;
  aiaMemberId: string | null;
  isPrimary: boolean;
  packageId: number;
  /**
   * Issue 49: the Myinfo retrieval this person's identity came from, sent with the booking while the
   * identification number and date of birth are as Myinfo gave them. Not personal data: an opaque,
   * single-purpose handle the server keeps for 60 minutes.
   */
  myinfoHandle?: string;
}

/** The stored list, without entries another version of the page (or a hand edit) left malformed. */
export function readStoredParticipants(): PageParticipant[] {
  return readParticipants<PageParticipant>().filter(
    (p) => p && typeof p === 'object' && typeof p.id === 'string' && typeof p.firstName === 'string',
  );
}
