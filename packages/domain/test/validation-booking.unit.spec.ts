import { describe, expect, it } from 'vitest';
import {
  adminRegistrationSchema,
  bookingStep1Schema,
  bookingStep2Schema,
  bookingStep3Schema,
  cancelSchema,
  discountCodeEntrySchema,
  discountValidateRequestSchema,
  errorMap,
  mainBookingSchema,
  memberVerificationSchema,
  participantSchema,
  participantsPageSchema,
  partnerCodeSchema,
  partnerCreateRegistrationSchema,
  referenceLookupSchema,
  registrationRequestSchema,
  simpleRegistrationSchema,
  validate,
} from '../src';

const booking = {
  eventId: 1,
  packageId: '2',
  timeslotId: 3,
  firstName: ' Mei ',
  lastName: 'Tan',
  email: 'mei@example.sg',
  mobileNumber: '91234567',
  gender: 'Female',
  identificationNumber: 's1234567d',
  dateOfBirth: '17/05/1990',
  postalCode: '530123',
  address: '1 Ang Mo Kio Ave',
};

const errorsOf = (schema: Parameters<typeof validate>[0], input: unknown) => {
  const r = validate(schema, input);
  return r.ok ? {} : errorMap(r.errors);
};

describe('main booking form', () => {
  it('accepts and normalises a valid booking', () => {
    const r = validate(mainBookingSchema, booking);
    expect(r).toEqual({
      ok: true,
      value: {
        ...booking,
        packageId: 2,
        firstName: 'Mei',
        gender: 'female',
        identificationNumber: 'S1234567D',
        dateOfBirth: '1990-05-17',
        unitNumber: null,
        medicalConditions: null,
        aiaMemberId: null,
      },
    });
  });

  it('gives the spec messages for every field', () => {
    expect(errorsOf(mainBookingSchema, {})).toEqual({
      eventId: 'Please select an event',
      packageId: 'Please select a package',
      timeslotId: 'Please select a timeslot',
      firstName: 'First name cannot be empty',
      lastName: 'Last name cannot be empty',
      email: 'Email is required',
      mobileNumber: 'Mobile number is required',
      gender: 'Please select a gender',
      identificationNumber: 'Identification number is required',
      dateOfBirth: 'Date of birth is required',
      postalCode: 'Postal code must be 6 digits',
      address: 'Address is required',
    });
    expect(
      errorsOf(mainBookingSchema, {
        ...booking,
        eventId: 0,
        packageId: 'x',
        timeslotId: -1,
        firstName: 'M',
        lastName: 'T',
        email: 'nope',
        mobileNumber: '1234567',
        gender: 'other',
        dateOfBirth: '1990/05/17',
        postalCode: '53012',
        address: '   ',
      }),
    ).toEqual({
      eventId: 'Please select an event',
      packageId: 'Please select a package',
      timeslotId: 'Please select a timeslot',
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Invalid email address',
      mobileNumber: 'Mobile number is required',
      gender: 'Please select a gender',
      dateOfBirth: 'Please enter a valid date in DD/MM/YYYY format',
      postalCode: 'Postal code must be 6 digits',
      address: 'Address is required',
    });
  });

  it('rejects impossible and future days of birth', () => {
    expect(errorsOf(mainBookingSchema, { ...booking, dateOfBirth: '31/02/1990' }).dateOfBirth).toBe(
      'Please enter a valid date in DD/MM/YYYY format',
    );
    expect(errorsOf(mainBookingSchema, { ...booking, dateOfBirth: '2999-01-01' }).dateOfBirth).toBe(
      'Date of birth cannot be in the future',
    );
  });

  it('reports one message and dotted fields', () => {
    const r = validate(mainBookingSchema, { ...booking, email: '' });
    expect(r).toEqual({
      ok: false,
      message: 'Email is required',
      errors: [{ field: 'email', message: 'Email is required' }],
    });
    const whole = validate(mainBookingSchema, null);
    expect(whole).toEqual({
      ok: false,
      message: 'Invalid input',
      errors: [{ field: '', message: 'Invalid input' }],
    });
  });

  it('checks each wizard step on its own', () => {
    expect(errorsOf(bookingStep1Schema, {})).toEqual({ packageId: 'Please select a package' });
    expect(errorsOf(bookingStep3Schema, { timeslotId: null })).toEqual({
      timeslotId: 'Please select a timeslot',
    });
    expect(validate(bookingStep2Schema, booking).ok).toBe(true);
  });
});

describe('registration request (api body)', () => {
  it('takes the extras and participants', () => {
    const r = validate(registrationRequestSchema, {
      ...booking,
      isAiaMember: true,
      aiaMemberId: 'S1234567D',
      totalAmount: '218.00',
      whiteCoatBookingCode: '123456789012',
      whiteCoatPaidAmount: 50,
      participants: [
        {
          firstName: 'Wei',
          lastName: 'Lim',
          identificationNumber: 't1234567j',
          dateOfBirth: '2001-02-03',
          gender: 'male',
          packageId: 2,
        },
      ],
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.totalAmount).toBe('218.00');
    expect(r.value.whiteCoatPaidAmount).toBe('50.00');
    expect(r.value.total).toBeNull();
    expect(r.value.discountCodeId).toBeNull();
    expect(r.value.participants[0]).toMatchObject({ gender: 'Male', identificationNumber: 'T1234567J' });
  });

  it('refuses a bad partner code, amounts and more than 10 participants', () => {
    const p = {
      firstName: 'Wei',
      lastName: 'Lim',
      identificationNumber: 'T1234567J',
      dateOfBirth: '2001-02-03',
      gender: 'Male',
      packageId: 2,
    };
    expect(
      errorsOf(registrationRequestSchema, {
        ...booking,
        whiteCoatBookingCode: '123',
        totalAmount: '1.234',
        discountCodeId: 'abc',
        participants: Array.from({ length: 10 }, () => p),
      }),
    ).toEqual({
      whiteCoatBookingCode: 'Invalid booking code format. The code should be 12-16 digits.',
      totalAmount: 'Invalid amount',
      discountCodeId: 'Invalid discount code',
      participants: 'A booking can have at most 10 participants',
    });
    expect(
      validate(registrationRequestSchema, { ...booking, discountCodeId: '7', participants: Array(9).fill(p) })
        .ok,
    ).toBe(true);
  });
});

describe('participant forms', () => {
  const participant = {
    firstName: 'Wei',
    lastName: 'Lim',
    identificationNumber: 'T1234567J',
    dateOfBirth: '2001-02-03',
    gender: 'Male',
    packageId: 2,
  };

  it('booking page: spec messages', () => {
    expect(
      errorsOf(participantSchema, {
        firstName: 'W',
        lastName: '',
        identificationNumber: '12345',
        dateOfBirth: '1899-12-31',
        gender: 'x',
      }),
    ).toEqual({
      firstName: 'First name should be at least 2 characters',
      lastName: 'Last name should be at least 2 characters',
      identificationNumber: 'Identification number should be at least 6 characters',
      dateOfBirth: 'Date of birth cannot be before 01/01/1900',
      gender: 'Please select a gender',
      packageId: 'Please select a package',
    });
    expect(validate(participantSchema, participant)).toMatchObject({
      ok: true,
      value: { isAiaMember: false, email: null },
    });
    expect(errorsOf(participantSchema, { ...participant, email: 'x@' })).toEqual({
      email: 'Invalid email address',
    });
  });

  it('participants page: spec messages, email only for the primary', () => {
    expect(errorsOf(participantsPageSchema, {})).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      gender: 'Gender is required',
      mobileNumber: 'Mobile number is required',
      identificationNumber: 'Identification number is required',
      dateOfBirth: 'Date of birth is required',
    });
    const base = { ...participant, mobileNumber: '91234567' };
    expect(errorsOf(participantsPageSchema, { ...base, isPrimary: true })).toEqual({
      email: 'Email is required',
    });
    expect(errorsOf(participantsPageSchema, { ...base, email: 'bad' })).toEqual({
      email: 'Invalid email address',
    });
    expect(validate(participantsPageSchema, { ...base, isPrimary: true, email: 'a@b.sg' }).ok).toBe(true);
  });

  it('keeps the member id only when the member box is ticked', () => {
    const base = { ...participant, mobileNumber: '91234567', aiaMemberId: 'AIA1' };
    const off = validate(participantsPageSchema, base);
    const on = validate(participantsPageSchema, { ...base, isAiaMember: true });
    expect(off.ok && off.value.aiaMemberId).toBeNull();
    expect(on.ok && on.value.aiaMemberId).toBe('AIA1');
  });
});

describe('simple registration form', () => {
  it('gives the spec messages', () => {
    expect(
      errorsOf(simpleRegistrationSchema, { email: 'x', mobileNumber: '123', acceptTerms: false }),
    ).toEqual({
      eventId: 'Please select an event',
      timeslotId: 'Please select a timeslot',
      packageId: 'Please select a package',
      firstName: 'First name is required',
      lastName: 'Last name is required',
      gender: 'Gender is required',
      dateOfBirth: 'Date of birth is required',
      identificationNumber: 'Identification number is required',
      email: 'Invalid email address',
      mobileNumber: 'Valid phone number is required',
      acceptTerms: 'You must accept the terms and conditions',
    });
  });

  it('accepts other as a gender and defaults medical conditions to empty', () => {
    const r = validate(simpleRegistrationSchema, {
      eventId: 1,
      timeslotId: 2,
      packageId: 3,
      firstName: 'A',
      lastName: 'B',
      gender: 'other',
      dateOfBirth: '1980-01-01',
      identificationNumber: 'X123',
      email: 'a@b.co',
      mobileNumber: '+6591234567',
      acceptTerms: true,
    });
    expect(r).toMatchObject({ ok: true, value: { gender: 'other', medicalConditions: '' } });
  });
});

describe('admin registration schema', () => {
  it('checks postal code, date of birth and amounts', () => {
    expect(
      errorsOf(adminRegistrationSchema, { postalCode: '1234', dateOfBirth: '2999-01-01', totalAmount: 'x' }),
    ).toEqual({
      postalCode: 'Postal code must be 6 digits',
      dateOfBirth: 'Please enter a valid date of birth',
      totalAmount: 'Invalid amount',
    });
    expect(validate(adminRegistrationSchema, { totalAmount: '', discountAmount: 5 })).toMatchObject({
      ok: true,
      value: { totalAmount: null, discountAmount: '5.00' },
    });
    expect(errorsOf(adminRegistrationSchema, { dateOfBirth: 'soon' })).toEqual({
      dateOfBirth: 'Please enter a valid date of birth',
    });
    expect(errorsOf(adminRegistrationSchema, { dateOfBirth: '' })).toEqual({
      dateOfBirth: 'Please enter a valid date of birth',
    });
    expect(errorsOf(adminRegistrationSchema, { dateOfBirth: '1800-01-01' })).toEqual({
      dateOfBirth: 'Please enter a valid date of birth',
    });
  });
});

describe('member verification', () => {
  it("uppercases the ID, checks it ('Invalid ID Format') and converts the date", () => {
    expect(
      validate(memberVerificationSchema, { identificationNumber: 'm1234567k', dateOfBirth: '17/05/1990' }),
    ).toEqual({
      ok: true,
      value: { identificationNumber: 'M1234567K', dateOfBirth: '1990-05-17' },
    });
    expect(
      errorsOf(memberVerificationSchema, { identificationNumber: 'S123456A', dateOfBirth: '17-05-1990' }),
    ).toEqual({
      identificationNumber: 'Invalid ID Format',
      dateOfBirth: 'Invalid Date Format',
    });
    expect(
      errorsOf(memberVerificationSchema, { identificationNumber: 'S1234567D', dateOfBirth: '2999-01-01' }),
    ).toEqual({
      dateOfBirth: 'Date of birth cannot be in the future',
    });
  });
});

describe('discount code, cancel and partner forms', () => {
  it('needs a discount code', () => {
    expect(errorsOf(discountCodeEntrySchema, { code: '  ' })).toEqual({
      code: 'Please enter a discount code',
    });
    expect(validate(discountCodeEntrySchema, { code: ' promoab12 ' })).toEqual({
      ok: true,
      value: { code: 'PROMOAB12' },
    });
    expect(validate(discountValidateRequestSchema, { code: 'X', subtotal: 218 })).toEqual({
      ok: true,
      value: { code: 'X', subtotal: '218.00' },
    });
    expect(validate(discountValidateRequestSchema, { code: 'X' })).toMatchObject({
      value: { subtotal: '0.00' },
    });
  });

  it('needs a reference and a ticked confirmation to cancel', () => {
    expect(errorsOf(cancelSchema, {})).toEqual({
      referenceNumber: 'Reference number is required',
      confirmation: 'You must confirm that you want to cancel this appointment',
    });
    expect(validate(cancelSchema, { referenceNumber: ' hs2505-0607-1234', confirmation: true })).toEqual({
      ok: true,
      value: { referenceNumber: 'HS2505-0607-1234', confirmation: true },
    });
    expect(errorsOf(referenceLookupSchema, { referenceNumber: '' })).toEqual({
      referenceNumber: 'Reference number is required',
    });
  });

  it('checks the partner code', () => {
    expect(errorsOf(partnerCodeSchema, {})).toEqual({
      code: 'Invalid URL. Please check the link and try again.',
    });
    expect(errorsOf(partnerCodeSchema, { code: '12345' })).toEqual({
      code: 'Invalid booking code format. The code should be 12-16 digits.',
    });
    expect(validate(partnerCreateRegistrationSchema, { bookingCode: '1234567890123' }).ok).toBe(true);
  });
});
