import { describe, expect, it } from 'vitest';
import {
  isPartnerHandoffValid,
  mapMembershipError,
  mapMembershipResponse,
  membershipToast,
  partnerDataToHandoff,
  validatePartnerBookingCode,
} from '../src';

describe('membership result mapping', () => {
  it('reads benefitProfileData first', () => {
    const valid = { succeeded: true, data: [{ isValid: true }] };
    expect(mapMembershipResponse({ status: 'error', isAiaMember: false, benefitProfileData: valid })).toEqual(
      {
        success: true,
        isAiaMember: true,
        message: 'AIA Health Shield benefits verified successfully',
        benefitProfileData: valid,
      },
    );
    expect(
      mapMembershipResponse({
        isAiaMember: true,
        benefitProfileData: { succeeded: true, data: [{ isValid: false }] },
      }),
    ).toMatchObject({
      success: true,
      isAiaMember: false,
      message: 'No active AIA Health Shield benefits found',
    });
  });

  it('falls back to status and isAiaMember, replacing the fallback phrase', () => {
    expect(
      mapMembershipResponse({
        status: 'success',
        isAiaMember: true,
        message: 'Service down. Falling back to test verification.',
        benefitProfileData: { succeeded: true, data: [] },
      }),
    ).toEqual({
      success: true,
      isAiaMember: true,
      message: 'Service down. AIA verification failed.',
      benefitProfileData: { succeeded: true, data: [] },
    });
    expect(mapMembershipResponse({ status: 'error' })).toEqual({
      success: false,
      isAiaMember: false,
      message: 'Could not verify AIA Health Shield membership',
    });
  });

  it('turns a thrown error into a failure', () => {
    expect(mapMembershipError(new Error('timeout'))).toEqual({
      success: false,
      isAiaMember: false,
      message: 'timeout',
    });
    expect(mapMembershipError('boom')).toEqual({
      success: false,
      isAiaMember: false,
      message: 'Verification failed',
    });
  });

  it('chooses the wizard toast', () => {
    expect(membershipToast({ success: false, isAiaMember: false, message: 'x' })).toEqual({
      title: 'Verification Error',
      description: 'Unable to verify AIA Health Shield status. Standard pricing will apply.',
      type: 'error',
    });
    expect(membershipToast({ success: true, isAiaMember: true, message: '' }).title).toBe(
      'AIA Health Shield Benefits Applied',
    );
    expect(membershipToast({ success: true, isAiaMember: false, message: '' })).toEqual({
      title: 'AIA Health Shield Status',
      description: 'No active AIA Health Shield benefits detected. Standard pricing will apply.',
      type: 'info',
    });
  });
});

describe('partner handoff', () => {
  it('is valid for less than 600000 ms', () => {
    const t = 1_700_000_000_000;
    expect(isPartnerHandoffValid({ flag: true, timestamp: t }, t + 599_999)).toBe(true);
    expect(isPartnerHandoffValid({ flag: 'true', timestamp: String(t) }, t)).toBe(true);
    expect(isPartnerHandoffValid({ flag: true, timestamp: t }, t + 600_000)).toBe(false);
    expect(isPartnerHandoffValid({ flag: false, timestamp: t }, t)).toBe(false);
    expect(isPartnerHandoffValid({ flag: true, timestamp: null }, t)).toBe(false);
    expect(isPartnerHandoffValid({ flag: true, timestamp: 'x' }, t)).toBe(false);
    expect(isPartnerHandoffValid({ flag: true, timestamp: t + 1000 }, t)).toBe(false);
  });

  it('checks the booking code with the spec messages', () => {
    expect(validatePartnerBookingCode('123456789012')).toEqual({ ok: true, value: '123456789012' });
    expect(validatePartnerBookingCode('1234567890123456').ok).toBe(true);
    expect(validatePartnerBookingCode('12345678901')).toEqual({
      ok: false,
      message: 'Invalid booking code format. The code should be 12-16 digits.',
    });
    expect(validatePartnerBookingCode('12345678901234567').ok).toBe(false);
    expect(validatePartnerBookingCode('12345678901a')).toMatchObject({ ok: false });
    expect(validatePartnerBookingCode(undefined)).toEqual({
      ok: false,
      message: 'Invalid URL. Please check the link and try again.',
    });
  });

  it('maps partner data to the prefill', () => {
    expect(
      partnerDataToHandoff('123456789012', {
        name: ' Tan  Mei Ling ',
        email: 'mei@example.sg',
        nric: 's1234567d',
        dateOfBirth: '1990-05-17',
        contact: '91234567',
        address: { postalCode: '530123', unitNumber: '#01-01', street: '1 Ang Mo Kio Ave' },
        packageInfo: { amount: '150.00', isPaid: true },
      }),
    ).toEqual({
      bookingCode: '123456789012',
      firstName: 'Tan',
      lastName: 'Mei Ling',
      email: 'mei@example.sg',
      identificationNumber: 'S1234567D',
      dateOfBirth: '1990-05-17',
      postalCode: '530123',
      unitNumber: '#01-01',
      address: '1 Ang Mo Kio Ave',
      mobileNumber: '91234567',
      isPaidInWhiteCoat: true,
      whiteCoatPaidCents: 15000,
    });
    expect(
      partnerDataToHandoff('1', { name: 'Cher', packageInfo: { amount: 50, isPaid: false } }),
    ).toMatchObject({
      firstName: 'Cher',
      lastName: '',
      isPaidInWhiteCoat: false,
      whiteCoatPaidCents: 0,
    });
  });
});
