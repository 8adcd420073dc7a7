import {
  MEMBERSHIP_VERIFICATION_TIMEOUT_MS,
  type MembershipResult,
  mapMembershipError,
  mapMembershipResponse,
  memberVerificationSchema,
  validate,
} from '@hs/domain';
import { type ApiEnvelope, ApiError, api } from '../lib/api';
import type { BookingResult, DiscountResult, Quote, VerifyResponse } from './types';

export interface VerificationOutcome extends MembershipResult {
  verificationToken?: string;
  /** Refused over the member-check rate limits (429, issue 46): `message` says so; standard pricing. */
  limited?: boolean;
}

/**
 * Member verification (spec sections 4 and 5): NRIC/FIN format, date converted to YYYY-MM-DD and not
 * in the future, 5 s time-out; the answer is mapped by the shared rules.
 */
export async function verifyMembership(
  identificationNumber: string,
  dateOfBirth: string,
): Promise<VerificationOutcome> {
  const input = validate(memberVerificationSchema, { identificationNumber, dateOfBirth });
  if (!input.ok) return { success: false, isAiaMember: false, message: input.message };
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), MEMBERSHIP_VERIFICATION_TIMEOUT_MS);
  try {
    const res = await api.post<VerifyResponse>('/api/verify-aia-healthshield', input.value, {
      signal: controller.signal,
    });
    const mapped = mapMembershipResponse(res ?? {});
    return res?.verificationToken ? { ...mapped, verificationToken: res.verificationToken } : mapped;
  } catch (error) {
    if (error instanceof ApiError && error.status === 429) {
      return { success: false, isAiaMember: false, message: error.serverMessage ?? '', limited: true };
    }
    return mapMembershipError(error);
  } finally {
    clearTimeout(timer);
  }
}

export interface DiscountValidateBody {
  code: string;
  subtotal: string;
  eventId: number;
  isAiaMember: boolean;
}

export function validateDiscount(body: DiscountValidateBody): Promise<DiscountResult> {
  return api.post<DiscountResult>('/api/discounts/validate', body);
}

export function fetchQuote(body: unknown): Promise<Quote> {
  return api.post<ApiEnvelope<Quote>>('/api/registrations/quote', body).then((r) => r.data);
}

export function createRegistration(body: unknown): Promise<ApiEnvelope<BookingResult>> {
  return api.post<ApiEnvelope<BookingResult>>('/api/registrations', body);
}
