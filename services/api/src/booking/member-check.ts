import { mapMembershipError, mapMembershipResponse } from '@hs/domain';
import type { MemberVerifier } from '@hs/gateways';

/** Whether this server itself confirmed the person is a member; any failure means standard pricing. */
export async function isVerifiedMember(
  verifier: MemberVerifier,
  identificationNumber: string,
  dateOfBirth: string,
) {
  try {
    return mapMembershipResponse(await verifier.verify({ identificationNumber, dateOfBirth })).isAiaMember;
  } catch (err) {
    return mapMembershipError(err).isAiaMember;
  }
}
