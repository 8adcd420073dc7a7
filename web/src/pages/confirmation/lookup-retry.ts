import { ApiError } from '../../lib/api';

/**
 * Waits between lookups of a booking made a moment ago: the lookup reads the orders read model, which
 * follows the log, so right after booking it can still answer 404. About 10 s in all, then the 404
 * stands (a handful of requests, well under the lookup's rate limit).
 */
export const NOT_YET_DELAYS_MS: readonly number[] = [500, 1000, 1500, 2000, 2500, 3000];

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `load` again after each delay while it answers 404; any other failure, or the last 404, is thrown. */
export async function untilFound<T>(
  load: () => Promise<T>,
  delays: readonly number[] = NOT_YET_DELAYS_MS,
  wait: (ms: number) => Promise<void> = sleep,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await load();
    } catch (error) {
      const notYet = error instanceof ApiError && error.status === 404;
      const delay = delays[attempt];
      if (!notYet || delay === undefined) throw error;
      await wait(delay);
    }
  }
}
