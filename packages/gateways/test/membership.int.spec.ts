import { mapMembershipError, mapMembershipResponse } from '@hs/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createHttpMemberVerifier,
  DEMO_MEMBERS,
  type FakeMemberVerifierServer,
  MemberVerificationError,
  type MemberVerifier,
  startFakeMemberVerifierServer,
} from '../src';

describe('HTTP member verifier against the fake verification server', () => {
  let server: FakeMemberVerifierServer;
  let verifier: MemberVerifier;
  const member = DEMO_MEMBERS[0]!;

  beforeAll(async () => {
    server = await startFakeMemberVerifierServer({ apiKey: 'aia-key' });
    // Generous: a first request on a loaded 2-core CI machine took 487 ms; the timeout test delays far longer.
    verifier = createHttpMemberVerifier({ url: server.url, apiKey: 'aia-key', timeoutMs: 2000 });
  });
  afterEach(() => {
    server.setDelay(0);
    server.failNext(0);
  });
  afterAll(() => server.close());

  it('verifies a demo member (number normalised) with benefits', async () => {
    const answer = await verifier.verify({
      identificationNumber: ` ${member.identificationNumber.toLowerCase()} `,
      dateOfBirth: member.dateOfBirth,
    });
    expect(mapMembershipResponse(answer)).toMatchObject({
      success: true,
      isAiaMember: true,
      message: 'AIA Health Shield benefits verified successfully',
    });
  });

  it('a wrong date of birth or unknown number is not a member', async () => {
    const wrongDob = await verifier.verify({
      identificationNumber: member.identificationNumber,
      dateOfBirth: '1999-01-01',
    });
    expect(mapMembershipResponse(wrongDob)).toMatchObject({ success: true, isAiaMember: false });
    const unknown = await verifier.verify({
      identificationNumber: 'S1234567D',
      dateOfBirth: member.dateOfBirth,
    });
    expect(mapMembershipResponse(unknown)).toEqual({
      success: true,
      isAiaMember: false,
      message: 'No active AIA Health Shield benefits found',
      benefitProfileData: { succeeded: true, data: [] },
    });
  });

  it('times out after timeoutMs with a safe message', async () => {
    server.setDelay(6000);
    const started = Date.now();
    const error = await verifier
      .verify({ identificationNumber: member.identificationNumber, dateOfBirth: member.dateOfBirth })
      .catch((e: unknown) => e);
    // Gave up at its own limit, not when the server finally answered.
    expect(Date.now() - started).toBeLessThan(5000);
    expect(error).toBeInstanceOf(MemberVerificationError);
    expect((error as MemberVerificationError).reason).toBe('timeout');
    expect(mapMembershipError(error)).toEqual({
      success: false,
      isAiaMember: false,
      message: 'AIA verification timed out',
    });
    expect(String((error as Error).message)).not.toContain(member.identificationNumber);
  });

  it('an HTTP error or wrong key is unavailable (no retry)', async () => {
    server.failNext(1, 500);
    const before = server.requests;
    await expect(
      verifier.verify({ identificationNumber: member.identificationNumber, dateOfBirth: member.dateOfBirth }),
    ).rejects.toMatchObject({ reason: 'unavailable' });
    expect(server.requests - before).toBe(1);
    const wrongKey = createHttpMemberVerifier({ url: server.url, apiKey: 'nope' });
    await expect(
      wrongKey.verify({ identificationNumber: member.identificationNumber, dateOfBirth: member.dateOfBirth }),
    ).rejects.toBeInstanceOf(MemberVerificationError);
  });

  it('a service that is not listening is unavailable', async () => {
    const down = createHttpMemberVerifier({ url: 'http://127.0.0.1:1/verify' });
    await expect(
      down.verify({ identificationNumber: 'S1234567D', dateOfBirth: '1980-01-01' }),
    ).rejects.toMatchObject({
      reason: 'unavailable',
    });
  });
});
