import type { CompanyPays } from '../../corporate/payment';
/** Shapes rather than events: the state and the commands hold them too. */
import type { PricingDiscount } from '../../discounts';

/** Who the booking is for and how to reach them (the primary contact). */
export interface ContactDetails {
  firstName: string;
  lastName: string;
  email: string;
  mobileNumber: string;
  gender: string;
  identificationNumber: string;
  /** yyyy-MM-dd */
  dateOfBirth: string;
  postalCode: string;
  unitNumber: string | null;
  address: string;
  region: string | null;
  medicalConditions: string | null;
}

/** Editable details of a participant. */
export interface ParticipantDetails {
  firstName: string;
  lastName: string;
  gender: string;
  identificationNumber: string;
  /** yyyy-MM-dd */
  dateOfBirth: string;
  email: string | null;
  mobileNumber: string | null;
  isAiaMember: boolean;
  aiaMemberId: string | null;
}

/** A participant with the pricing inputs snapshotted when added (names and prices at that time). */
export interface ParticipantSnapshot extends ParticipantDetails {
  participantId: string;
  isPrimary: boolean;
  packageId: number;
  packageName: string;
  packagePriceCents: number;
  aiaPriceCents: number | null;
  /** Member price applies (membership verified and the package has a member price). */
  memberVerified: boolean;
  /**
   * Where the identity came from (issue 49): 'myinfo' when retrieved with Singpass and booked as Myinfo
   * gave it, else 'manual'. Absent on snapshots made before.
   */
  identitySource?: IdentitySource;
  /** The one full name Myinfo gave, kept as given beside the form's first and last name (issue 49). */
  fullName?: string;
}

export type IdentitySource = 'myinfo' | 'manual';

/**
 * What an update may change: details, and the package and membership with the prices snapshotted
 * for them (the api prices a new package from the catalogue and verifies a membership first).
 */
export type ParticipantChanges = Partial<Omit<ParticipantSnapshot, 'participantId' | 'isPrimary'>>;

export interface AppliedDiscount {
  discountId: number;
  discountIdentifierId: number;
  code: string;
  /** Invoice line label. */
  label: string;
  rule: PricingDiscount;
}

export interface PartnerBooking {
  bookingCode: string;
  paidCents: number;
  isPaid: boolean;
}

/**
 * An order booked under a corporate programme (issue 51): who the employee is to the programme (a hash
 * of their key; their roster id when they came by the roster) and what the company pays of it.
 */
export interface CorporateBooking {
  programmeId: number;
  companyId: number;
  employeeHash: string;
  employeeId: string | null;
  companyPays: CompanyPays;
  /** The employee agreed that HR may see their name with booked or attended (never what they booked). */
  shareName: boolean;
}

/** Consent to the privacy notice as a booking records it. */
export interface PrivacyConsent {
  given: boolean;
  /** The version of the privacy notice in force when booked. */
  noticeVersion: number;
  /** ISO time of the booking. */
  at: string;
}
