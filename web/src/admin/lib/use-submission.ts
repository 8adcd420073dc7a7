import { useState } from 'react';
import { failureMessage } from './admin-api';

/**
 * A form's submit in flight: `pending` while `run`'s work goes on, `failure` why the last one failed
 * (set it directly for a check made before sending). `describe` turns a thrown error into that text.
 */
export function useSubmission(describe: (error: unknown) => string = failureMessage) {
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const run = async (work: () => Promise<unknown>) => {
    setFailure(null);
    setPending(true);
    try {
      await work();
    } catch (error) {
      setFailure(describe(error));
    } finally {
      setPending(false);
    }
  };
  return { pending, failure, setFailure, run };
}
