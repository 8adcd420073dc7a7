import type { Queryable } from './types';

export interface SubscriptionStatus {
  name: string;
  /** `<xid>.<position>`, the pair the subscription has handled up to. */
  checkpoint: string;
  checkpointUpdatedAt: Date;
  /** Events in the log after the checkpoint (counted up to 1,000,000). */
  lagEvents: number;
  /** Age of the oldest event not yet handled; 0 when caught up. */
  lagSeconds: number;
  holder: string | null;
  leaseExpiresAt: Date | null;
  leaseActive: boolean;
  /** Events it parked (issue 43): skipped until staff retry them. */
  parkedEvents: number;
  /** Events wait and the oldest has waited longer than STALLED_AFTER_SECONDS. */
  stalled: boolean;
}

/** How long the oldest unhandled event may wait before its subscriber counts as stalled (issue 43). */
export const STALLED_AFTER_SECONDS = 30;

/** One row per projection, reactor and subscriber: what the admin dashboard shows. */
export async function getSubscriptionStatus(sql: Queryable): Promise<SubscriptionStatus[]> {
  const rows = await sql<
    {
      name: string;
      checkpoint: string;
      updated_at: Date;
      lag_events: number;
      lag_seconds: number;
      holder: string | null;
      expires_at: Date | null;
      lease_active: boolean | null;
      parked: number;
    }[]
  >`
    select c.name, c.transaction_id::text || '.' || c.global_position as checkpoint, c.updated_at,
           lag.events as lag_events,
           coalesce(extract(epoch from now() - lag.oldest), 0)::float8 as lag_seconds,
           l.holder, l.expires_at, l.expires_at > now() as lease_active,
           (select count(*)::int from parked_events p where p.subscriber = c.name) as parked
    from subscription_checkpoints c
    left join projection_leases l on l.name = c.name
    left join lateral (
      select count(*)::int as events, min(x.recorded_at) as oldest
      from (
        select e.recorded_at from events e
        where (e.transaction_id, e.global_position) > (c.transaction_id, c.global_position)
        limit 1000000
      ) x
    ) lag on true
    order by c.name`;
  return rows.map((r) => ({
    name: r.name,
    checkpoint: r.checkpoint,
    checkpointUpdatedAt: r.updated_at,
    lagEvents: r.lag_events,
    lagSeconds: Math.max(0, r.lag_seconds),
    holder: r.holder,
    leaseExpiresAt: r.expires_at,
    leaseActive: r.lease_active ?? false,
    parkedEvents: r.parked,
    stalled: r.lag_events > 0 && r.lag_seconds > STALLED_AFTER_SECONDS,
  }));
}

export interface LogReadiness {
  /** Subscribers with parked events, by name, with how many. */
  parked: Record<string, number>;
  /** Subscribers whose oldest unhandled event has waited longer than STALLED_AFTER_SECONDS. */
  stalled: string[];
}

/**
 * What /readyz says of the projections and reactors: cheap enough to ask every few seconds (per
 * subscriber, one count of its parked events and one look at the first event after its checkpoint).
 */
export async function getLogReadiness(sql: Queryable): Promise<LogReadiness> {
  const rows = await sql<{ name: string; parked: number; stalled: boolean }[]>`
    select c.name,
           (select count(*)::int from parked_events p where p.subscriber = c.name) as parked,
           coalesce((select e.recorded_at < now() - make_interval(secs => ${STALLED_AFTER_SECONDS})
                     from events e
                     where (e.transaction_id, e.global_position) > (c.transaction_id, c.global_position)
                     order by e.transaction_id, e.global_position limit 1), false) as stalled
    from subscription_checkpoints c order by c.name`;
  return {
    parked: Object.fromEntries(rows.filter((r) => r.parked > 0).map((r) => [r.name, r.parked])),
    stalled: rows.filter((r) => r.stalled).map((r) => r.name),
  };
}
