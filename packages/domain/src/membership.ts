/** AIA Health Shield membership check: mapping of the verification answer (spec section 4). */

export interface BenefitProfileData {
  succeeded?: boolean;
  data?: readonly { isValid?: boolean; [key: string]: unknown }[] | null;
}

/** What the verification server answers. */
export interface MembershipVerificationResponse {
  status?: string;
  isAiaMember?: boolean;
  message?: string | null;
  benefitProfileData?: BenefitProfileData | null;
}

export interface MembershipResult {
  success: boolean;
  isAiaMember: boolean;
  message: string;
  benefitProfileData?: BenefitProfileData;
}

export const MEMBERSHIP_MESSAGES = {
  verified: 'AIA Health Shield benefits verified successfully',
  notFound: 'No active AIA Health Shield benefits found',
  couldNotVerify: 'Could not verify AIA Health Shield membership',
  failed: 'Verification failed',
  fallbackPhrase: 'Falling back to test verification.',
  fallbackReplacement: 'AIA verification failed.',
} as const;

/** Verification time-out (ms). */
export const MEMBERSHIP_VERIFICATION_TIMEOUT_MS = 5000;

/**
 * benefitProfileData first: when it succeeded with non-empty data, membership is the first entry's
 * isValid. Otherwise success is status === 'success', membership from isAiaMember (default false),
 * message from the server with the fallback phrase replaced.
 */
export function mapMembershipResponse(response: MembershipVerificationResponse): MembershipResult {
  const profile = response.benefitProfileData;
  if (profile?.succeeded && profile.data && profile.data.length > 0) {
    const isAiaMember = profile.data[0]?.isValid === true;
    return {
      success: true,
      isAiaMember,
      message: isAiaMember ? MEMBERSHIP_MESSAGES.verified : MEMBERSHIP_MESSAGES.notFound,
      benefitProfileData: profile,
    };
  }
  const message = (response.message || MEMBERSHIP_MESSAGES.couldNotVerify).replace(
    MEMBERSHIP_MESSAGES.fallbackPhrase,
    MEMBERSHIP_MESSAGES.fallbackReplacement,
  );
  return {
    success: response.status === 'success',
    isAiaMember: response.isAiaMember ?? false,
    message,
    ...(profile ? { benefitProfileData: profile } : {}),
  };
}

/** A thrown error: success false, not a member, the error's message or 'Verification failed'. */
export function mapMembershipError(error: unknown): MembershipResult {
  const message = error instanceof Error && error.message ? error.message : MEMBERSHIP_MESSAGES.failed;
  return { success: false, isAiaMember: false, message };
}

export interface Toast {
  title: string;
  description?: string;
  type: 'success' | 'info' | 'error';
}

/** The wizard's toast after verification; any failure falls back to standard pricing. */
export function membershipToast(result: MembershipResult): Toast {
  if (!result.success) {
    return {
      title: 'Verification Error',
      description: 'Unable to verify AIA Health Shield status. Standard pricing will apply.',
      type: 'error',
    };
  }
  if (result.isAiaMember) return { title: 'AIA Health Shield Benefits Applied', type: 'success' };
  return {
    title: 'AIA Health Shield Status',
    description: 'No active AIA Health Shield benefits detected. Standard pricing will apply.',
    type: 'info',
  };
}
