/** How one call to the outside world ended: answered, answered `{ ok: false }` (declined, refused), or threw. */
export type CallOutcome = 'ok' | 'refused' | 'error';

export interface ObservedCall {
  /** Which outside service: 'card-test', 'card-live', 'insurer', 'partner', 'sms', 'smtp'. */
  gateway: string;
  /** The interface's method name (sale, refund, confirm, send, ...). */
  operation: string;
  outcome: CallOutcome;
  seconds: number;
  result?: unknown;
  error?: unknown;
}

/**
 * The one place outside calls are timed (issue 47): `target` with each of its asynchronous methods
 * reporting to `onCall` when it settles. Every adapter here answers through a small interface, so
 * wrapping the interface covers the real adapter and the fake alike; a method that returns no promise
 * and any other property pass through untouched.
 */
export function observeCalls<T extends object>(
  target: T,
  gateway: string,
  onCall: (call: ObservedCall) => void,
): T {
  return new Proxy(target, {
    get(obj, key) {
      const value = Reflect.get(obj, key);
      if (typeof value !== 'function' || typeof key !== 'string') return value;
      return (...args: unknown[]) => {
        const started = performance.now();
        const report = (outcome: CallOutcome, more: { result?: unknown; error?: unknown }) =>
          onCall({
            gateway,
            operation: key,
            outcome,
            seconds: (performance.now() - started) / 1000,
            ...more,
          });
        const out = value.apply(obj, args);
        if (!(out instanceof Promise)) return out;
        return out.then(
          (result: unknown) => {
            const refused = (result as { ok?: unknown } | null)?.ok === false;
            report(refused ? 'refused' : 'ok', { result });
            return result;
          },
          (error: unknown) => {
            report('error', { error });
            throw error;
          },
        );
      };
    },
  });
}
