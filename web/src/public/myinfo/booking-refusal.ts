import { ApiError } from '../../lib/api';
import type { MyinfoFlow } from './use-myinfo';

/**
 * A booking sent with a Myinfo handle and refused over it (issue 49): 409, the handle is older than
 * the server keeps it (drop it, unlock the fields, say so); 400, the identity sent differs from
 * Myinfo's (say so). True when it was one of these; the caller shows other refusals as before.
 */
export function handleMyinfoRefusal(
  error: unknown,
  flow: MyinfoFlow,
  sentHandle: string | undefined,
): boolean {
  if (!(error instanceof ApiError)) return false;
  return handleMyinfoAnswer(error.status, error.serverMessage, flow, sentHandle);
}

/** The same for a caller that reads the answer itself: its status and the server's message. */
export function handleMyinfoAnswer(
  status: number,
  message: string | undefined,
  flow: MyinfoFlow,
  sentHandle: string | undefined,
): boolean {
  // the server's refusals about the handle name Myinfo; any other 400/409 is not about it
  if (!sentHandle || !message || !/myinfo/i.test(message)) return false;
  if (status === 409) {
    flow.expire(message);
    return true;
  }
  if (status === 400) {
    flow.show(message);
    return true;
  }
  return false;
}

/** `{ myinfoHandle }` while the fields are Myinfo's, else nothing (a manual entry sends none). */
export function withMyinfoHandle(handle: string | undefined): { myinfoHandle?: string } {
  return handle ? { myinfoHandle: handle } : {};
}
