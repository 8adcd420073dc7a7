import { CANCEL_MESSAGES, type ManageProof } from '@hs/domain';
import { type ApiEnvelope, ApiError, api } from '../../lib/api';
import type { RegistrationLookup } from '../../public/types';

/**
 * The manage page's read (issue 46): the booking for its reference plus the signed link's token, or
 * plus its email or date of birth. The same proof then goes with the reschedule.
 */
export function readForManage(reference: string, proof: ManageProof) {
  return api.post<ApiEnvelope<RegistrationLookup>>(
    `/api/registrations/${encodeURIComponent(reference)}/manage`,
    proof,
  );
}

/**
 * What to say when the read failed: the spec's not-found text for an unknown reference or a wrong
 * second check (one answer), the api's own words for a refused link or too many lookups.
 */
export function manageReadFailure(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 404) return CANCEL_MESSAGES.notFound;
    if ((error.status === 403 || error.status === 429) && error.serverMessage) return error.serverMessage;
  }
  return CANCEL_MESSAGES.lookupFailed;
}
