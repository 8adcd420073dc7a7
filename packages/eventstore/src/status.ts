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
}

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
    }[]
  >`
    select c.name, c.transaction_id::text || '.' || c.global_position as checkpoint, c.updated_at,
           lag.events as lag_events,
           coalesce(extract(epoch from now() - lag.oldest), 0)::float8 as lag_seconds,
           l.holder, l.expires_at, l.expires_at > now() as lease_active
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
  }));
}
