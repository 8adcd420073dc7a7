/**
 * What went wrong with Singpass, as the person's next step needs it: they cancelled, Singpass (or the
 * network) is down so trying again later may work, or the answer was refused and must not be used.
 * Messages are ours: the library's may quote a response, and a response may hold personal data.
 */
import {
  AuthorizationResponseError,
  ClientError,
  ResponseBodyError,
  WWWAuthenticateChallengeError,
} from 'openid-client';
import { SingpassError } from './types';

/** Singpass's own OAuth error codes that mean "not now" rather than "no". */
const UNAVAILABLE_CODES = new Set(['server_error', 'temporarily_unavailable']);

export function toSingpassError(error: unknown, step: string): SingpassError {
  if (error instanceof SingpassError) return error;
  if (error instanceof AuthorizationResponseError) {
    if (error.error === 'access_denied')
      return new SingpassError('cancelled', 'The person cancelled at Singpass');
    if (UNAVAILABLE_CODES.has(error.error)) {
      return new SingpassError(
        'unavailable',
        `Singpass answered ${error.error} to the authorization request`,
      );
    }
    return new SingpassError('refused', `Singpass answered ${error.error} to the authorization request`);
  }
  if (error instanceof ResponseBodyError || error instanceof WWWAuthenticateChallengeError) {
    const status = error.status;
    const code = error instanceof ResponseBodyError ? error.error : 'a challenge';
    if (status >= 500 || status === 429 || UNAVAILABLE_CODES.has(code)) {
      return new SingpassError('unavailable', `Singpass ${step}: HTTP ${status}`);
    }
    return new SingpassError('refused', `Singpass ${step} refused: ${code} (HTTP ${status})`);
  }
  if (error instanceof ClientError) {
    if (error.code === 'OAUTH_TIMEOUT' || error.code === 'OAUTH_ABORT') {
      return new SingpassError('unavailable', `Singpass ${step} timed out`);
    }
    const status = error.cause instanceof Response ? error.cause.status : undefined;
    if (status !== undefined && (status >= 500 || status === 429)) {
      return new SingpassError('unavailable', `Singpass ${step}: HTTP ${status}`);
    }
    return new SingpassError(
      'refused',
      `Singpass ${step}: ${error.message}${error.code ? ` (${error.code})` : ''}`,
    );
  }
  // fetch's own failures (refused connection, DNS, reset) are TypeErrors without a code; a coded
  // TypeError is a library check on our input, which trying again will not fix.
  if (error instanceof TypeError && !(error as { code?: unknown }).code) {
    return new SingpassError('unavailable', `Singpass ${step}: network error`);
  }
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'TimeoutError' || name === 'AbortError')
    return new SingpassError('unavailable', `Singpass ${step} timed out`);
  return new SingpassError('refused', `Singpass ${step} failed`);
}
