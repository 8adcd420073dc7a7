import { useCallback, useState } from 'react';
import { failureMessage, toastError } from '../lib/admin-api';

/** What a failed action does: a toast `'{text}: {server message}'`, or the caller's own handling. */
export type ActionFailure = string | ((error: unknown) => void);

/**
 * One request at a time behind a button: `pending` while `run`'s action is under way. A failure is
 * toasted (`'{failure}: {message}'`) or handed to the given function, and `run` resolves undefined;
 * without a `failure` it is thrown on.
 */
export function useAsyncAction() {
  const [pending, setPending] = useState(false);
  const run = useCallback(
    async <T>(action: () => Promise<T>, failure?: ActionFailure): Promise<T | undefined> => {
      setPending(true);
      try {
        return await action();
      } catch (error) {
        if (failure === undefined) throw error;
        if (typeof failure === 'string') toastError(`${failure}: ${failureMessage(error)}`);
        else failure(error);
        return undefined;
      } finally {
        setPending(false);
      }
    },
    [],
  );
  return { pending, run };
}
