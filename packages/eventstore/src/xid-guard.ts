import type { Sql } from '@hs/db';

/**
 * The restore guard. Events, stream rows and checkpoints carry Postgres transaction ids (xid8), and
 * subscribers rely on every new transaction getting a larger id than everything already in the log
 * (docs/events.md, "the snapshot horizon"). A database restored with pg_dump/pg_restore into another
 * cluster keeps the stored ids but not the cluster's transaction counter: when the new cluster's
 * counter is behind the old one, new events sort BEFORE the restored ones, behind every subscriber's
 * checkpoint (never projected, never emailed), restored events stay above the horizon (invisible),
 * and appends to restored streams fail their `last_transaction_id` check. A base backup or a
 * replica keeps the counter and never needs this.
 *
 * `guardTransactionIds` detects that (a stored id at or past the cluster's next transaction id,
 * which cannot happen in a cluster that wrote the log itself) and renumbers, in one transaction
 * under an advisory lock and exclusive table locks:
 * - events: new ids just below the current snapshot horizon, in an order-preserving way. Walking
 *   the log in (transaction_id, global_position) order, a new id starts only where the position
 *   goes down; within one id the positions then rise, so ordering by (new id, position) is exactly
 *   the old order, with far fewer distinct ids than old transactions (a quiet log needs one).
 * - checkpoints: each moves to the new pair of the last event at or before it in the old order, so
 *   it covers exactly the events it covered (none: back to the start).
 * - streams: `last_transaction_id` becomes the new id of the stream's last event.
 * Every new id is below the horizon, and every later transaction's id is above it: the log reads as
 * if written by this cluster. When the counter is too low to leave room for the new ids, it is
 * first advanced by committing empty transactions (about 100,000 a second).
 *
 * Run it before anything appends or subscribes (the api, the worker and `cli.js migrate` call it at
 * start); with nothing to do it costs one query (an index lookup on
 * events, a scan of streams and checkpoints).
 */

export interface XidGuardResult {
  /** True when stored ids were ahead of the cluster and were renumbered. */
  renumbered: boolean;
  /** The cluster's next transaction id when checked. */
  nextXid: string;
  /** The largest stored id (events, streams, checkpoints), null in an empty store. */
  storedMax: string | null;
  events: number;
  /** Distinct transaction ids the events have now (order-preserving runs). */
  ids: number;
  checkpoints: number;
  streams: number;
  /** Empty transactions committed first to make room below the horizon. */
  burned: number;
}

export interface XidGuardOptions {
  /** Told before a renumbering starts (the api and worker log it as a warning). */
  onRenumber?: (info: { nextXid: string; storedMax: string }) => void;
  /** Refuse (throw) rather than advance the counter by more than this many transactions. */
  maxBurn?: number;
  /** Lowest id handed out (tests raise it to exercise the counter advance). */
  floor?: number;
}

const LOCK_KEY = 'hs_xid_guard';

/** What the api, the worker and `cli.js migrate` log when they renumber. */
export const RESTORED_LOG_WARNING =
  'event log transaction ids are ahead of this Postgres cluster (restored from another cluster?): renumbering them ' +
  '(docs/operations.md, "Backup and restore")';

interface Check {
  next_xid: string;
  stored_max: string | null;
  ahead: boolean;
}

async function check(db: Sql): Promise<Check> {
  const [row] = await db<Check[]>`
    with s as (select pg_snapshot_xmax(pg_current_snapshot()) as next_xid),
    m as (
      select greatest(
        (select transaction_id from events order by transaction_id desc, global_position desc limit 1),
        (select max(last_transaction_id) from streams),
        (select max(transaction_id) from subscription_checkpoints)
      ) as stored_max
    )
    select s.next_xid::text, m.stored_max::text, coalesce(m.stored_max >= s.next_xid, false) as ahead
    from s, m`;
  return row!;
}

/** The cluster's next transaction id and the largest one stored (null in an empty store), from one snapshot. */
export async function storedTransactionIds(sql: Sql): Promise<{ nextXid: string; storedMax: string | null }> {
  const c = await check(sql);
  return { nextXid: c.next_xid, storedMax: c.stored_max };
}

/** Detects transaction ids restored from a cluster that was ahead of this one, and renumbers them (see above). */
export async function guardTransactionIds(sql: Sql, options: XidGuardOptions = {}): Promise<XidGuardResult> {
  const first = await check(sql);
  const result: XidGuardResult = {
    renumbered: false,
    nextXid: first.next_xid,
    storedMax: first.stored_max,
    events: 0,
    ids: 0,
    checkpoints: 0,
    streams: 0,
    burned: 0,
  };
  if (!first.ahead) return result;
  options.onRenumber?.({ nextXid: first.next_xid, storedMax: first.stored_max! });
  const floor = BigInt(Math.max(3, options.floor ?? 3)); // 0-2 are Postgres's special ids; 0 is a subscription's start
  const maxBurn = options.maxBurn ?? 50_000_000;

  for (let attempt = 0; attempt < 100; attempt++) {
    const outcome = await sql.begin(async (tx) => {
      await tx`select pg_advisory_xact_lock(hashtextextended(${LOCK_KEY}, 0))`;
      // Appends lock stream rows, then insert events: the same order here. Plain reads go on.
      await tx`lock table streams, events, subscription_checkpoints in exclusive mode`;
      const again = await check(tx as unknown as Sql);
      if (!again.ahead) return { done: true as const, need: 0n };
      // Taken before this transaction has an id: every id below it is finished, every later one is above.
      const [h] = await tx<{ horizon: string; next: string }[]>`
        select pg_snapshot_xmin(pg_current_snapshot())::text as horizon,
               pg_snapshot_xmax(pg_current_snapshot())::text as next`;
      const horizon = BigInt(h!.horizon);
      await tx`
        create temp table hs_xid_map on commit drop as
        select global_position, stream_id, version, transaction_id as old_tx,
               sum(descent) over (order by transaction_id, global_position rows unbounded preceding) as run
        from (
          select global_position, stream_id, version, transaction_id,
                 case when global_position < lag(global_position) over (order by transaction_id, global_position)
                      then 1 else 0 end as descent
          from events
        ) x`;
      const [r] = await tx<{ runs: number; events: number }[]>`
        select coalesce(max(run) + 1, 0)::int as runs, count(*)::int as events from hs_xid_map`;
      const runs = BigInt(r!.runs);
      const base = horizon - runs;
      // Short of room: the counter itself is too low (advance it), or an old transaction holds the horizon back (wait).
      if (base < floor) return { done: false as const, need: floor + runs - BigInt(h!.next) };
      await tx`create index on hs_xid_map (old_tx, global_position)`;
      await tx`create index on hs_xid_map (stream_id, version)`;
      await tx`analyze hs_xid_map`;
      const b = base.toString();
      const cps = await tx`
        update subscription_checkpoints c
        set transaction_id = coalesce(x.new_tx, '0'::xid8), global_position = coalesce(x.global_position, 0),
            updated_at = now()
        from subscription_checkpoints c0
        left join lateral (
          select (${b}::bigint + m.run)::text::xid8 as new_tx, m.global_position
          from hs_xid_map m
          where (m.old_tx, m.global_position) <= (c0.transaction_id, c0.global_position)
          order by m.old_tx desc, m.global_position desc
          limit 1
        ) x on true
        where c.name = c0.name`;
      const streams = await tx`
        update streams s
        set last_transaction_id = coalesce(
          (select (${b}::bigint + m.run)::text::xid8 from hs_xid_map m
           where m.stream_id = s.stream_id order by m.version desc limit 1),
          ${b}::text::xid8)`;
      await tx`
        update events e set transaction_id = (${b}::bigint + m.run)::text::xid8
        from hs_xid_map m where m.global_position = e.global_position`;
      const after = await check(tx as unknown as Sql);
      if (after.ahead) throw new Error(`renumbering left transaction ids ahead (${after.stored_max})`);
      result.events = r!.events;
      result.ids = r!.runs;
      result.checkpoints = cps.count;
      result.streams = streams.count;
      return { done: true as const, need: 0n };
    });
    if (outcome.done) {
      result.renumbered = result.events > 0 || result.checkpoints > 0 || result.streams > 0;
      return result;
    }
    if (outcome.need <= 0n) {
      await new Promise((r) => setTimeout(r, 200)); // the horizon moves once that transaction ends
      continue;
    }
    // Not enough ids below the counter for the runs: commit empty transactions until there are.
    const burn = Number(outcome.need) + 1_000;
    if (result.burned + burn > maxBurn) {
      throw new Error(
        `The event log needs ${burn} more transaction ids below this cluster's counter than it has; advance the counter ` +
          '(see docs/operations.md, "Backup and restore") and start again.',
      );
    }
    await sql.unsafe(
      `do $$ begin for i in 1..${burn} loop perform pg_current_xact_id(); commit; end loop; end $$`,
    );
    result.burned += burn;
  }
  throw new Error(
    'Could not make room below the transaction horizon to renumber the event log: a long-running transaction holds it back',
  );
}
