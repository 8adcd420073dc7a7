/**
 * A sweep on a timer: runs `sweep` at once and then `everyMs` after each run ends, so runs never
 * overlap; a failed run is logged and the next one tries again. stop() waits for a run under way.
 * The hold and no-show sweepers are this with their own command.
 */
import type { Logger } from 'pino';

export function startSweeper(opts: {
  everyMs: number;
  sweep: () => Promise<void>;
  log: Logger;
  /** What the warning says when a run fails. */
  failure: string;
}) {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = opts
      .sweep()
      .catch((err) => opts.log.warn({ err: (err as Error).message }, opts.failure))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, opts.everyMs);
      });
  };
  timer = setTimeout(tick, 0);
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
