import {
  bookingStep2Schema,
  errorMap,
  type PriceBreakdown,
  parseDateOfBirth,
  priceOrder,
  toMoneyString,
  validate,
} from '@hs/domain';
import { toCents } from '../../public/money';
import type { PersonField } from '../../public/person-fields';
import type { StoredPartnerData } from '../../public/partner-storage';
import type { DiscountResult, DraftParticipant, EventDetail, EventPackage } from '../../public/types';

/** The wizard's fields have ids `bk-<name>` (focusFirstInvalid finds the first invalid one by it). */
export const FIELD_ID_PREFIX = 'bk-';

export const STEP_TITLES = [
  'Select Package',
  'Personal Information',
  'Select Appointment Slot',
  'Review Booking',
] as const;

export interface PersonalValues {
  firstName: string;
  lastName: string;
  email: string;
  mobileNumber: string;
  gender: '' | 'male' | 'female';
  identificationNumber: string;
  dateOfBirth: string;
  postalCode: string;
  unitNumber: string;
  address: string;
  medicalConditions: string;
  /** 'true' once the booker ticked consent to the privacy notice (issue 24); kept as text like every field here. */
  privacyConsent: '' | 'true';
  /** 'true' when the booker asks for the AIA member check (issue 46): without it nobody is asked about. */
  aiaMemberCheck: '' | 'true';
}

export const EMPTY_PERSONAL: PersonalValues = {
  firstName: '',
  lastName: '',
  email: '',
  mobileNumber: '',
  gender: '',
  identificationNumber: '',
  dateOfBirth: '',
  postalCode: '',
  unitNumber: '',
  address: '',
  medicalConditions: '',
  privacyConsent: '',
  aiaMemberCheck: '',
};

/** Step 2's fields about the booker, in order (PersonFields draws them). */
export const BOOKER_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'mobileNumber',
  'gender',
  'identificationNumber',
  'dateOfBirth',
] as const satisfies readonly PersonField[];

/** Field order of step 2 (first invalid gets focus). */
export const PERSONAL_FIELDS = [
  ...BOOKER_FIELDS,
  'postalCode',
  'unitNumber',
  'address',
  'medicalConditions',
  'privacyConsent',
] as const satisfies readonly (keyof PersonalValues)[];

export const PRIVACY_CONSENT_MESSAGE = 'Please agree to the privacy notice to book';

export function personalErrors(values: PersonalValues): Record<string, string> {
  const r = validate(bookingStep2Schema, values);
  return r.ok ? {} : errorMap(r.errors);
}

/**
 * Step 2 of the wizard: the details and the consent to the privacy notice (issue 24). The form
 * requires consent; the api accepts a booking without it and records that none was given.
 */
export function personalStepErrors(values: PersonalValues): Record<string, string> {
  const errors = personalErrors(values);
  return values.privacyConsent === 'true' ? errors : { ...errors, privacyConsent: PRIVACY_CONSENT_MESSAGE };
}

/** Exactly 6 digits: the timeslot lookup runs only then. */
export function isSixDigitPostalCode(code: string): boolean {
  return /^\d{6}$/.test(code);
}

export interface Membership {
  /** Verification has run for the current details. */
  checked: boolean;
  isAiaMember: boolean;
  verificationToken?: string | undefined;
}

export const NO_MEMBERSHIP: Membership = { checked: false, isAiaMember: false };

/**
 * A verified member typed a code that cannot combine with the member price (issue 46): the booker
 * picks one. `pick` says which the order is priced with; the server prices it again from
 * isAiaMember and discountCodeId.
 */
export interface MemberOrCode {
  /** The code as validated at standard prices. */
  code: DiscountResult;
  pick: 'member' | 'code';
}

/** The membership and code the order is priced and booked with, once the booker's pick is applied. */
export function applyMemberOrCode(
  membership: Membership,
  discount: DiscountResult | null,
  choice: MemberOrCode | null,
): { membership: Membership; discount: DiscountResult | null } {
  if (!choice) return { membership, discount };
  return choice.pick === 'code'
    ? { membership: { ...membership, isAiaMember: false }, discount: choice.code }
    : { membership, discount: null };
}

export function findPackage(event: EventDetail | undefined, id: number | null): EventPackage | undefined {
  return event?.packages.find((p) => p.id === id);
}

/** The instant client-side preview (the server's quote is authoritative). */
export function previewPricing(input: {
  event: EventDetail;
  packageId: number | null;
  membership: Membership;
  participants: readonly DraftParticipant[];
  discount: DiscountResult | null;
  partner: StoredPartnerData | null;
}): PriceBreakdown | null {
  const primary = findPackage(input.event, input.packageId);
  if (!primary) return null;
  const line = (pkg: EventPackage | undefined, member: boolean) => ({
    packagePriceCents: toCents(pkg?.price),
    aiaPriceCents: pkg?.aiaPrice ? toCents(pkg.aiaPrice) : null,
    memberVerified: member,
  });
  return priceOrder({
    participants: [
      line(primary, input.membership.isAiaMember),
      ...input.participants.map((p) => line(findPackage(input.event, p.packageId) ?? primary, p.isAiaMember)),
    ],
    discount: input.discount ? { type: 'fixed', amountCents: toCents(input.discount.discountAmount) } : null,
    partnerPaidCents: input.partner?.isPaidInWhiteCoat ? toCents(input.partner.whiteCoatPaidAmount) : 0,
  });
}

export interface RegistrationBodyInput {
  event: EventDetail;
  packageId: number | null;
  timeslotId: number | null;
  personal: PersonalValues;
  membership: Membership;
  participants: readonly DraftParticipant[];
  discount: DiscountResult | null;
  partner: StoredPartnerData | null;
  totalCents: number;
}

/** An added participant's person, package and membership as the api takes them (contact fields apart). */
export function participantPerson(p: DraftParticipant) {
  return {
    firstName: p.firstName,
    lastName: p.lastName,
    gender: p.gender,
    identificationNumber: p.identificationNumber,
    dateOfBirth: p.dateOfBirth,
    packageId: p.packageId,
    isAiaMember: p.isAiaMember,
    aiaMemberId: p.isAiaMember ? p.aiaMemberId : null,
  };
}

/** POST /api/registrations (and /quote) body: spec section 3 "Registration request (main flow)". */
export function buildRegistrationBody(i: RegistrationBodyInput) {
  const dob = parseDateOfBirth(i.personal.dateOfBirth);
  const identificationNumber = i.personal.identificationNumber.trim().toUpperCase();
  const total = toMoneyString(i.totalCents);
  return {
    eventId: i.event.id,
    packageId: i.packageId,
    timeslotId: i.timeslotId,
    firstName: i.personal.firstName.trim(),
    lastName: i.personal.lastName.trim(),
    email: i.personal.email.trim(),
    mobileNumber: i.personal.mobileNumber.trim(),
    gender: i.personal.gender,
    identificationNumber,
    dateOfBirth: dob.ok ? dob.value : i.personal.dateOfBirth,
    postalCode: i.personal.postalCode.trim(),
    unitNumber: i.personal.unitNumber.trim(),
    address: i.personal.address.trim(),
    medicalConditions: i.personal.medicalConditions.trim(),
    privacyConsent: i.personal.privacyConsent === 'true',
    isAiaMember: i.membership.isAiaMember,
    aiaMemberId: i.membership.isAiaMember ? identificationNumber : '',
    discountCodeId: i.discount?.discountIdentifierId ?? null,
    ...(i.discount ? { discountCode: i.discount.code } : {}),
    ...(i.membership.verificationToken ? { verificationToken: i.membership.verificationToken } : {}),
    total,
    totalAmount: total,
    whiteCoatBookingCode: i.partner?.bookingCode ?? null,
    isFromWhiteCoat: Boolean(i.partner),
    whiteCoatPaidAmount: i.partner?.isPaidInWhiteCoat ? i.partner.whiteCoatPaidAmount : null,
    isPaidInWhiteCoat: i.partner?.isPaidInWhiteCoat ?? false,
    participants: i.participants.map((p) => ({
      ...participantPerson(p),
      ...(p.email ? { email: p.email } : {}),
      ...(p.mobileNumber ? { mobileNumber: p.mobileNumber } : {}),
      ...(p.myinfoHandle ? { myinfoHandle: p.myinfoHandle } : {}),
    })),
  };
}

/** Personal values prefilled from a partner hand-off. */
export function personalFromPartner(data: StoredPartnerData, base: PersonalValues): PersonalValues {
  const dob = parseDateOfBirth(data.dateOfBirth);
  const [y, m, d] = dob.ok ? dob.value.split('-') : [];
  return {
    ...base,
    firstName: data.firstName || base.firstName,
    lastName: data.lastName || base.lastName,
    email: data.email || base.email,
    mobileNumber: data.mobileNumber || base.mobileNumber,
    identificationNumber: data.identificationNumber || base.identificationNumber,
    dateOfBirth: dob.ok ? `${d}/${m}/${y}` : data.dateOfBirth || base.dateOfBirth,
    postalCode: data.postalCode || base.postalCode,
    unitNumber: data.unitNumber || base.unitNumber,
    address: data.address || base.address,
  };
}

export function referenceOf(data: { reference_number?: string; referenceNumber?: string } | undefined) {
  return data?.reference_number || data?.referenceNumber || '';
}
