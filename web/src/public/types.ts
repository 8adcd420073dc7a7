/**
 * Public API shapes (spec sections 3 and 7), the api's own response schemas in @hs/contracts under
 * the names the pages use. Money travels as "123.45" strings.
 */
import type {
  BookedResponse,
  DiscountValidateResponse,
  RegistrationLookup,
  Timeslot,
  TimeslotDateGroup,
} from '@hs/contracts';

export type {
  EventDetail,
  EventPackage,
  EventSummary,
  PostalTimeslotsResponse,
  Quote,
  RegistrationLookup,
  RescheduleResult,
  /** Issue 46: where to go; the lookup's `venue` (RegistrationLookup['venue']) is the appointment's. */
  Venue,
} from '@hs/contracts';

export type PublicTimeslot = Timeslot;
export type DateGroup = TimeslotDateGroup;
export type DiscountResult = DiscountValidateResponse;
export type BookingResult = BookedResponse['data'];

/**
 * A participant of a booking as the lookup lists it: the participant calls' view (spec section 3's
 * Participant; never the identification number, date of birth or member id) and a display name.
 */
export type BookedParticipant = RegistrationLookup['participants'][number];

/**
 * The membership check's answer as the shared mapping reads it: the api's schema leaves
 * benefitProfileData open (the verifier's profile passes through), this names the fields read.
 */
export interface VerifyResponse {
  success?: boolean;
  status?: string;
  isAiaMember?: boolean;
  message?: string | null;
  benefitProfileData?: { succeeded?: boolean; data?: { isValid?: boolean }[] | null } | null;
  verificationToken?: string;
}

/** An additional participant kept on the client (step 4), with a client-generated id. */
export interface DraftParticipant {
  clientId: string;
  firstName: string;
  lastName: string;
  gender: 'Male' | 'Female';
  identificationNumber: string;
  dateOfBirth: string;
  packageId: number;
  isAiaMember: boolean;
  aiaMemberId: string | null;
  email: string | null;
  mobileNumber: string | null;
  medicalConditions?: string | null;
  /** Issue 49: the Myinfo retrieval this person's identity came from (sent as participants[i].myinfoHandle). */
  myinfoHandle?: string | undefined;
}
