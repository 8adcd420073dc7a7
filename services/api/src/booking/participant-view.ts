import { type ParticipantSnapshot, appliedPrice, maskIdentificationNumber, toMoneyString } from '@hs/domain';

/**
 * A participant as the spec's Participant entity names it (section 3): packagePrice is the applied
 * price (member price when verified), originalPrice the base price, discountAmount the difference.
 * Never the identification number, date of birth or member id: on the public calls the reference
 * number is the only secret guarding them (staff get those, adminParticipantView).
 */
export function participantView(registrationId: number, p: ParticipantSnapshot) {
  const applied = appliedPrice(p).cents;
  return {
    id: p.participantId,
    registrationId,
    firstName: p.firstName,
    lastName: p.lastName,
    // the Participant entity's spelling (Male/Female); the primary comes from the booking form's male/female
    gender: p.gender === 'male' ? 'Male' : p.gender === 'female' ? 'Female' : p.gender,
    email: p.email,
    mobileNumber: p.mobileNumber,
    packageId: p.packageId,
    packageName: p.packageName,
    packagePrice: toMoneyString(applied),
    originalPrice: toMoneyString(p.packagePriceCents),
    discountAmount: toMoneyString(p.packagePriceCents - applied),
    isAiaMember: p.isAiaMember,
    isPrimary: p.isPrimary,
  };
}

/**
 * What staff see of a participant: the public view plus the personal details, the identification
 * number (and the member id, an NRIC for the insurer's members) masked as the PDPC allows
 * (`S****567A`, issue 24); the clear numbers only through the audited reveal.
 */
export function adminParticipantView(registrationId: number, p: ParticipantSnapshot) {
  return {
    ...participantView(registrationId, p),
    identificationNumber: maskIdentificationNumber(p.identificationNumber),
    dateOfBirth: p.dateOfBirth,
    aiaMemberId: p.aiaMemberId === null ? null : maskIdentificationNumber(p.aiaMemberId),
  };
}
