import type { Sql } from '@hs/db';

export interface LeaseAttempt {
  held: boolean;
  holder: string | null;
  /** Until the current lease expires (0 when free). */
  msLeft: number;
}

/** A lease name or a group's names, as a list. */
export const namesOf = (name: string | readonly string[]): string[] =>
  typeof name === 'string' ? [name] : [...name];

/**
 * Takes or renews the lease on `name` for `holder`: granted when free, expired, or already ours.
 * Several names (a projection group's members) are taken together or not at all, so two runners of
 * one group can never each hold a part of it and wait for the other forever. The advisory locks
 * (one per name, in one order) serialise contenders so the read of the losing branch is consistent.
 */
export async function acquireLease(
  sql: Sql,
  name: string | readonly string[],
  holder: string,
  leaseMs: number,
): Promise<LeaseAttempt> {
  const names = [...new Set(namesOf(name))].sort();
  return sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtextextended('hs_lease:' || n, 0))
             from unnest(${names}::text[]) as n`;
    const [r] = await tx<{ won: number; holder: string | null; ms_left: number }[]>`
      with blocking as (
        select holder, greatest(0, extract(epoch from expires_at - now()) * 1000)::float8 as ms_left
        from projection_leases
        where name = any(${names}::text[]) and holder <> ${holder} and expires_at > now()
      ), won as (
        insert into projection_leases as l (name, holder, expires_at)
        select n, ${holder}, now() + make_interval(secs => ${leaseMs / 1000})
        from unnest(${names}::text[]) as n
        where not exists (select 1 from blocking)
        on conflict (name) do update
          set holder = excluded.holder, expires_at = excluded.expires_at,
              acquired_at = case when l.holder = excluded.holder then l.acquired_at else now() end
          where l.holder = excluded.holder or l.expires_at <= now()
        returning 1
      )
      select (select count(*) from won)::int as won,
             (select holder from blocking order by ms_left desc limit 1) as holder,
             coalesce((select max(ms_left) from blocking), 0)::float8 as ms_left`;
    if (r && r.won === names.length) return { held: true, holder, msLeft: leaseMs };
    return { held: false, holder: r?.holder ?? null, msLeft: r?.ms_left ?? 0 };
  });
}

/**
 * Extends a lease `holder` holds on every one of the names, in one statement (no transaction, no
 * advisory lock): the keeper's renewal at rest (issue 47). A taker's upsert only replaces a row that
 * expired, and row locks order the two, so a renewal either extends a live row of ours or finds it
 * gone. False unless every name was extended; the caller then goes the acquireLease way.
 */
export async function renewLease(
  sql: Sql,
  name: string | readonly string[],
  holder: string,
  leaseMs: number,
): Promise<boolean> {
  const names = [...new Set(namesOf(name))];
  const rows = await sql`
    update projection_leases set expires_at = now() + make_interval(secs => ${leaseMs / 1000})
    where name = any(${names}::text[]) and holder = ${holder} and expires_at > now()
    returning name`;
  return rows.length === names.length;
}

export async function releaseLease(
  sql: Sql,
  name: string | readonly string[],
  holder: string,
): Promise<void> {
  const names = namesOf(name);
  await sql`delete from projection_leases where name = any(${names}::text[]) and holder = ${holder}`;
}

/**
 * Keeps a lease: renews at half its length (issue 47: as rarely as leaves a failed renewal several
 * retries, 500 ms apart, before the local margin of 0.9 runs out), and when someone else holds it,
 * tries again the moment it expires, so a standby takes over within one lease length of the
 * holder's last renewal.
 * `isHeld()` is judged on the local clock with a margin; the database re-checks the lease inside
 * every batch (fencing), so a paused holder cannot apply a batch after losing it.
 */
export class LeaseKeeper {
  private validUntil = 0;
  private heldFlag = false;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private ticking: Promise<void> = Promise.resolve();
  /** Incremented at each acquisition: state cached under an older epoch must be reloaded. */
  epoch = 0;

  constructor(
    private readonly sql: Sql,
    /** One lease, or a group's leases, kept together (see acquireLease). */
    readonly name: string | readonly string[],
    readonly holder: string,
    readonly leaseMs: number,
    private readonly onAcquired: () => void,
    private readonly onError: (err: unknown) => void,
  ) {}

  start(): void {
    this.schedule(0);
  }

  isHeld(): boolean {
    return this.heldFlag && Date.now() < this.validUntil;
  }

  /** The database said we no longer hold it (a fenced write failed). */
  lost(): void {
    this.heldFlag = false;
    this.schedule(0);
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.ticking = this.tick();
    }, ms);
  }

  private async tick(): Promise<void> {
    const sentAt = Date.now();
    let next = this.leaseMs / 2;
    try {
      // Held: one UPDATE renews it; else (or when that found a row gone) the full attempt.
      const renewed = this.heldFlag && (await renewLease(this.sql, this.name, this.holder, this.leaseMs));
      const r = renewed
        ? { held: true, holder: this.holder, msLeft: this.leaseMs }
        : await acquireLease(this.sql, this.name, this.holder, this.leaseMs);
      if (this.stopped) return;
      if (r.held) {
        // The database's expiry is at least sentAt + leaseMs; keep a margin for clock drift.
        this.validUntil = sentAt + this.leaseMs * 0.9;
        if (!this.heldFlag) {
          this.heldFlag = true;
          this.epoch++;
          this.onAcquired();
        }
      } else {
        this.heldFlag = false;
        next = Math.min(next, r.msLeft + 5);
      }
    } catch (err) {
      this.onError(err);
      next = Math.min(next, 500);
    }
    this.schedule(next);
  }

  /** Stops renewing; with `release`, frees the lease at once for the next runner. */
  async stop(release: boolean): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.ticking;
    if (release && this.heldFlag) await releaseLease(this.sql, this.name, this.holder).catch(this.onError);
    this.heldFlag = false;
  }
}
