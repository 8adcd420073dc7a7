/** Runs at most `limit` pieces of work at once in this process; the rest wait in order. */
export function createSemaphore(limit: number) {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async function withPermit<T>(work: () => Promise<T>): Promise<T> {
    if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else active += 1;
    try {
      return await work();
    } finally {
      // The permit passes straight to the next in line (active stays), or is given back.
      const next = waiting.shift();
      if (next) next();
      else active -= 1;
    }
  };
}
