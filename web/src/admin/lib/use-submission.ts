import { useState } from 'react';
import { useAsyncAction } from '../components/use-async-action';
import { failureMessage } from './admin-api';

/**
 * A form's submit in flight: `pending` while `run`'s work goes on, `failure` why the last one failed,
 * said in the form rather than toasted (set it directly for a check made before sending). `describe`
 * turns a thrown error into that text.
 */
export function useSubmission(describe: (error: unknown) => string = failureMessage) {
  const action = useAsyncAction();
  const [failure, setFailure] = useState<string | null>(null);
  const run = (work: () => Promise<unknown>) => {
    setFailure(null);
    return action.run(work, (error) => setFailure(describe(error)));
  };
  return { pending: action.pending, failure, setFailure, run };
}
