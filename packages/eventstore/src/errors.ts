/** The stream was not at the expected version: someone else wrote it since it was read. */
export class ConcurrencyError extends Error {
  override readonly name = 'ConcurrencyError';
  constructor(
    readonly streamId: string,
    readonly expected: string | number,
    readonly actual: number | null,
  ) {
    super(`Stream ${streamId} was expected at version ${expected} but is at ${actual ?? 'no stream'}`);
  }
}

/**
 * A command lost the optimistic race more times than it retries. `statusCode` lets the API's
 * error handler answer 409 without knowing about the event store.
 */
export class CommandConflictError extends Error {
  override readonly name = 'CommandConflictError';
  readonly statusCode = 409;
  constructor(
    readonly streamId: string,
    readonly attempts: number,
    options?: { cause?: unknown },
  ) {
    super(`The booking changed while we were saving it (stream ${streamId}); please try again`, options);
  }
}

/** The runner's lease was taken over; the batch it was applying was rolled back. */
export class LeaseLostError extends Error {
  override readonly name = 'LeaseLostError';
  constructor(readonly subscription: string) {
    super(`Lease on ${subscription} is no longer held by this runner`);
  }
}
