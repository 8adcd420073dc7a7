import { useState } from 'react';
import { failureMessage, toastError } from './admin-api';

/**
 * One action at a time on a list's rows (Retry): `running` is the key of the row whose action runs
 * (its button shows loading); a failure is toasted as "{failure}: {why}".
 */
export function useRowAction() {
  const [running, setRunning] = useState<string | null>(null);
  const run = async (key: string, work: () => Promise<unknown>, failure: string) => {
    setRunning(key);
    try {
      await work();
    } catch (e) {
      toastError(`${failure}: ${failureMessage(e)}`);
    } finally {
      setRunning(null);
    }
  };
  return { running, run };
}
