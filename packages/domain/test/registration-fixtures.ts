/** A registration to run commands on: participants, a booking and a discount (registration decider specs). */
import {
  type AppliedDiscount,
  type ParticipantSnapshot,
  type RegistrationCommand,
  type RegistrationEvent,
  decideRegistration,
  isDomainError,
  registrationDecider,
} from '../src';

export const at = '2026-01-05T01:00:00.000Z';
export const person = (
  participantId: string,
  over: Partial<ParticipantSnapshot> = {},
): ParticipantSnapshot => ({
  participantId,
  isPrimary: false,
  firstName: 'Mei',
  lastName: 'Tan',
  gender: 'Female',
  identificationNumber: 'S1234567D',
  dateOfBirth: '1990-05-17',
  email: null,
  mobileNumber: null,
  isAiaMember: false,
  aiaMemberId: null,
  packageId: 2,
  packageName: 'Basic',
  packagePriceCents: 20000,
  aiaPriceCents: 15000,
  memberVerified: false,
  ...over,
});

export const bookingData = {
  registrationId: 'reg-1',
  referenceNumber: 'HS2601-0607-1234',
  eventId: 1,
  eventName: 'Health Screening',
  packageId: 2,
  timeslotId: 3,
  contact: {
    firstName: 'Mei',
    lastName: 'Tan',
    email: 'mei@example.sg',
    mobileNumber: '91234567',
    gender: 'female',
    identificationNumber: 'S1234567D',
    dateOfBirth: '1990-05-17',
    postalCode: '530123',
    unitNumber: null,
    address: '1 Ang Mo Kio Ave',
    region: 'north',
    medicalConditions: null,
  },
  discount: null,
  partner: null,
  bookedAt: at,
};
export const book = (participants: ParticipantSnapshot[], over: object = {}): RegistrationCommand => ({
  type: 'BookRegistration',
  data: { ...bookingData, participants, ...over },
});
export const booked = (participants: ParticipantSnapshot[], over: object = {}): RegistrationEvent[] => {
  const r = decideRegistration(registrationDecider.initialState(), book(participants, over));
  if (isDomainError(r)) throw new Error(r.message);
  return r;
};

export const tenPercent: AppliedDiscount = {
  discountId: 4,
  discountIdentifierId: 9,
  code: 'PROMOAB12CD',
  label: 'New Year 10%',
  rule: { type: 'percentage', percent: 10 },
};
