import { mapMembershipError, mapMembershipResponse } from '@hs/domain';
import type { MemberVerifier } from '@hs/gateways';
import { TooManyRequestsError } from '../errors';

/**
 * Whether this server itself confirmed the person is a member; the insurer failing means standard
 * pricing. Over the member-check rate limits (a limited verifier throws 429) the request is refused:
 * a booking priced silently at standard price would hide why.
 */
export async function isVerifiedMember(
  verifier: MemberVerifier,
  identificationNumber: string,
  dateOfBirth: string,
) {
  try {
    return mapMembershipResponse(await verifier.verify({ identificationNumber, dateOfBirth })).isAiaMember;
  } catch (err) {
    if (err instanceof TooManyRequestsError) throw err;
    return mapMembershipError(err).isAiaMember;
  }
}
