import type { Sql } from '@hs/db';

export const EVENTS_CHANNEL = 'hs_events';

const notifiers = new WeakMap<Sql, { inFlight: boolean; pending: boolean }>();

/**
 * Wakes subscribers after an append committed. A NOTIFY inside the appending transaction would take
 * Postgres's cluster-wide notify lock through the commit's WAL flush and serialise every append
 * (measured: 4x fewer commits/s at 16 writers, see docs/performance.md), so appends that own their
 * transaction notify right after it, coalesced: at most one NOTIFY in flight per pool, and one more
 * after it when appends committed meanwhile. If the process dies in between, polling still finds
 * the events.
 */
export function notifyAppended(sql: Sql): void {
  let state = notifiers.get(sql);
  if (!state) {
    state = { inFlight: false, pending: false };
    notifiers.set(sql, state);
  }
  if (state.inFlight) {
    state.pending = true;
    return;
  }
  const s = state;
  s.inFlight = true;
  const send = (): void => {
    s.pending = false;
    sql.notify(EVENTS_CHANNEL, '').then(done, done);
  };
  const done = (): void => {
    if (s.pending) send();
    else s.inFlight = false;
  };
  send();
}

/** Stops a loop and interrupts its sleeps. */
export class Stopper {
  stopped = false;
  private readonly sleepers = new Set<() => void>();

  stop(): void {
    this.stopped = true;
    for (const wake of this.sleepers) wake();
    this.sleepers.clear();
  }

  sleep(ms: number): Promise<void> {
    if (this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.sleepers.add(done);
    });
  }
}

/**
 * Resolves `wait(ms)` on the first of: a NOTIFY on the events channel, the poll interval, or stop.
 * A notification that arrives while the loop is busy is remembered, so none is lost between batches.
 * porsager re-LISTENs after a dropped connection and calls `onlisten` again; that wakes the loop too,
 * because notifications sent while it was disconnected are gone.
 */
export class Waker {
  private pending = false;
  private resolveWait: (() => void) | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private retry: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly sql: Sql,
    private readonly stopper: Stopper,
    private readonly onError: (err: unknown) => void,
  ) {}

  async listen(): Promise<void> {
    try {
      const meta = await this.sql.listen(
        EVENTS_CHANNEL,
        () => this.wake(),
        () => this.wake(),
      );
      if (this.closed) await meta.unlisten();
      else this.unlisten = () => meta.unlisten();
    } catch (err) {
      // Postgres unreachable at start: polling carries on and LISTEN is tried again.
      this.onError(err);
      if (!this.closed) this.retry = setTimeout(() => void this.listen(), 1_000);
    }
  }

  wake(): void {
    this.pending = true;
    this.resolveWait?.();
  }

  async wait(ms: number): Promise<void> {
    if (this.pending || this.stopper.stopped) {
      this.pending = false;
      return;
    }
    await new Promise<void>((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.resolveWait = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.resolveWait = done;
    });
    this.pending = false;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    this.resolveWait?.();
    await this.unlisten?.().catch(() => {});
  }
}

/** NOTIFYs of appends to subscribe to: `onWake` runs on each (see listenForAppends). */
export interface WakeSource {
  /** Returns the unsubscribe. */
  subscribe(onWake: () => void): () => void;
}

/**
 * One LISTEN on the events channel for any number of subscribers (the worker's sweepers): each
 * subscriber's callback runs on every NOTIFY, and when porsager re-LISTENs after a dropped
 * connection (notifications sent meanwhile are gone, so the subscribers must look again). The driver
 * keeps one listening connection per pool for every LISTEN of it, so this adds no connection to the
 * projector's and reactor's. If Postgres is unreachable at start, LISTEN is tried again every second.
 */
export function listenForAppends(
  sql: Sql,
  onError: (err: unknown) => void,
): WakeSource & { close(): Promise<void> } {
  const subscribers = new Set<() => void>();
  const fire = (): void => {
    for (const s of subscribers) s();
  };
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  let unlisten: (() => Promise<void>) | null = null;
  const listen = async (): Promise<void> => {
    try {
      const meta = await sql.listen(EVENTS_CHANNEL, fire, fire);
      if (closed) await meta.unlisten();
      else unlisten = () => meta.unlisten();
    } catch (err) {
      onError(err);
      if (!closed) retry = setTimeout(() => void listen(), 1_000);
    }
  };
  void listen();
  return {
    subscribe(onWake) {
      subscribers.add(onWake);
      return () => subscribers.delete(onWake);
    },
    async close() {
      closed = true;
      subscribers.clear();
      if (retry) clearTimeout(retry);
      await unlisten?.().catch(() => {});
    },
  };
}
