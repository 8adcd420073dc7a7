import { isValidNricFin, mapMembershipResponse } from '@hs/domain';
import { describe, expect, it } from 'vitest';
import {
  createFakeMemberVerifier,
  DEMO_MEMBERS,
  MemberVerificationError,
  sanitizeVerificationResponse,
} from '../src';

describe('fake member verifier and demo members', () => {
  it('has 3-5 demo members with valid NRIC/FIN checksums and ISO dates of birth', () => {
    expect(DEMO_MEMBERS.length).toBeGreaterThanOrEqual(3);
    expect(DEMO_MEMBERS.length).toBeLessThanOrEqual(5);
    for (const m of DEMO_MEMBERS) {
      expect(isValidNricFin(m.identificationNumber)).toBe(true);
      expect(m.dateOfBirth).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it('verifies every demo member by number and date of birth', async () => {
    const verifier = createFakeMemberVerifier();
    for (const m of DEMO_MEMBERS) {
      const answer = await verifier.verify(m);
      expect(mapMembershipResponse(answer).isAiaMember).toBe(true);
    }
    const other = await verifier.verify({
      identificationNumber: DEMO_MEMBERS[0]!.identificationNumber,
      dateOfBirth: '2000-01-01',
    });
    expect(mapMembershipResponse(other)).toMatchObject({ success: true, isAiaMember: false });
  });

  it('takes its own member list', async () => {
    const verifier = createFakeMemberVerifier([
      { identificationNumber: 'S1234567D', dateOfBirth: '1970-01-01' },
    ]);
    expect(
      (await verifier.verify({ identificationNumber: 's1234567d', dateOfBirth: '1970-01-01' })).isAiaMember,
    ).toBe(true);
    expect((await verifier.verify(DEMO_MEMBERS[0]!)).isAiaMember).toBe(false);
    expect(verifier.calls).toBe(2);
  });
});

describe('sanitizeVerificationResponse', () => {
  it('keeps the known fields with their types and reduces benefit entries to isValid', () => {
    expect(
      sanitizeVerificationResponse({
        status: 'success',
        isAiaMember: 'yes',
        message: 'ok',
        benefitProfileData: {
          succeeded: true,
          data: [{ isValid: true, policyNo: 'P-1', nric: 'S1234567D' }, null],
        },
        extra: 1,
      }),
    ).toEqual({
      status: 'success',
      message: 'ok',
      benefitProfileData: { succeeded: true, data: [{ isValid: true }, { isValid: false }] },
    });
  });

  it('a non-object answer is an unreadable answer', () => {
    expect(() => sanitizeVerificationResponse('nope')).toThrow(MemberVerificationError);
    expect(() => sanitizeVerificationResponse(null)).toThrow(/unreadable/);
  });
});
