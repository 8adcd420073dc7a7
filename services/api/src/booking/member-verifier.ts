import type { MembershipVerificationResponse } from '@hs/domain';
import { mapMembershipError, mapMembershipResponse } from '@hs/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The insurer's membership check (AIA Health Shield); adapters live in @hs/gateways. */
export interface MemberVerifier {
  verify(input: {
    identificationNumber: string;
    dateOfBirth: string;
  }): Promise<MembershipVerificationResponse>;
}

declare module 'fastify' {
  interface FastifyInstance {
    memberVerifier: MemberVerifier;
  }
}

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

export const memberVerifierPlugin = fp(
  async (app: FastifyInstance, opts: { verifier: MemberVerifier }) => {
    app.decorate('memberVerifier', opts.verifier);
  },
  { name: 'member-verifier' },
);
