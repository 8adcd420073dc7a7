import { errorMap, participantSchema, validate } from '@hs/domain';
import type { DraftParticipant, EventDetail } from '../../public/types';
import {
  buildRegistrationBody,
  EMPTY_PERSONAL,
  type PersonalValues,
  personalErrors,
} from '../booking/wizard-logic';
import type { PageParticipant } from './stored-participants';

/** What the registration screen asks for itself: the primary contact's address. */
export interface AddressValues {
  postalCode: string;
  address: string;
  unitNumber: string;
  medicalConditions: string;
}

export const EMPTY_ADDRESS: AddressValues = {
  postalCode: '',
  address: '',
  unitNumber: '',
  medicalConditions: '',
};
export const ADDRESS_FIELDS = ['postalCode', 'address', 'unitNumber', 'medicalConditions'] as const;

/** The booking form's values: the stored primary contact plus the address entered here. */
export function primaryPersonal(primary: PageParticipant, address: AddressValues): PersonalValues {
  return {
    ...EMPTY_PERSONAL,
    firstName: primary.firstName,
    lastName: primary.lastName,
    email: primary.email ?? '',
    mobileNumber: primary.mobileNumber,
    // the participants page spells it Male/Female, the booking form male/female
    gender: primary.gender === 'Male' ? 'male' : primary.gender === 'Female' ? 'female' : '',
    identificationNumber: primary.identificationNumber,
    dateOfBirth: primary.dateOfBirth,
    ...address,
  };
}

/** The address fields' messages (spec section 5, main booking form). */
export function addressErrors(primary: PageParticipant, address: AddressValues): Record<string, string> {
  const all = personalErrors(primaryPersonal(primary, address));
  return Object.fromEntries(ADDRESS_FIELDS.filter((f) => all[f]).map((f) => [f, all[f]!]));
}

/**
 * What the booking would refuse in the stored participants (the participants page asks less: e.g. a
 * one-letter name, or an identification number under 6 characters for an additional participant),
 * as "{name}: {message}" lines to correct on the participants page.
 */
export function participantProblems(primary: PageParticipant, others: readonly PageParticipant[]): string[] {
  const name = (p: PageParticipant) => `${p.firstName} ${p.lastName}`.trim() || 'A participant';
  const primaryErrors = personalErrors(primaryPersonal(primary, EMPTY_ADDRESS));
  const lines = Object.entries(primaryErrors)
    .filter(([field]) => !(ADDRESS_FIELDS as readonly string[]).includes(field))
    .map(([, message]) => `${name(primary)}: ${message}`);
  for (const p of others) {
    const r = validate(participantSchema, { ...p, email: p.email || null });
    if (!r.ok) for (const message of Object.values(errorMap(r.errors))) lines.push(`${name(p)}: ${message}`);
  }
  return lines;
}

function draft(p: PageParticipant, packageId: number): DraftParticipant {
  return {
    clientId: p.id,
    firstName: p.firstName,
    lastName: p.lastName,
    gender: p.gender,
    identificationNumber: p.identificationNumber,
    dateOfBirth: p.dateOfBirth,
    packageId,
    isAiaMember: p.isAiaMember,
    aiaMemberId: p.aiaMemberId,
    email: p.email,
    mobileNumber: p.mobileNumber || null,
    myinfoHandle: p.myinfoHandle,
  };
}

/**
 * POST /api/registrations (and /quote) body: the primary contact books, the others are its
 * participants, everyone on the package shown on the participants page. Membership is the visitor's
 * word; the server verifies it and prices everything itself.
 */
export function participantsBookingBody(input: {
  event: EventDetail;
  packageId: number;
  timeslotId: number;
  primary: PageParticipant;
  others: readonly PageParticipant[];
  address: AddressValues;
  /** The primary contact ticked consent to the privacy notice (issue 24). */
  privacyConsent: boolean;
  totalCents: number;
}) {
  const body = buildRegistrationBody({
    event: input.event,
    packageId: input.packageId,
    timeslotId: input.timeslotId,
    personal: {
      ...primaryPersonal(input.primary, input.address),
      privacyConsent: input.privacyConsent ? 'true' : '',
    },
    membership: { checked: true, isAiaMember: input.primary.isAiaMember },
    participants: input.others.map((p) => draft(p, input.packageId)),
    discount: null,
    partner: null,
    totalCents: input.totalCents,
  });
  // issue 49: the primary contact's Myinfo retrieval, the others' in their participant entries
  return input.primary.myinfoHandle ? { ...body, myinfoHandle: input.primary.myinfoHandle } : body;
}
