// Per projection and stream, the version last applied (table projection_stream_versions): how a
// replayed event is recognised and skipped, and how a reader knows a read model has caught up.
import type { TransactionSql } from '@hs/db';
import type { Queryable } from './types';

/** The version of `streamId` that `projection` has applied; 0 before its first event. */
export async function appliedStreamVersion(
  db: Queryable,
  projection: string,
  streamId: string,
): Promise<number> {
  const [row] = await db<{ version: number }[]>`
    select version from projection_stream_versions where projection = ${projection} and stream_id = ${streamId}`;
  return row?.version ?? 0;
}

/** Per stream of `streamIds` that `projection` has applied anything of, the version applied. */
export async function appliedStreamVersions(
  tx: TransactionSql,
  projection: string,
  streamIds: string[],
): Promise<Map<string, number>> {
  const rows = await tx<{ stream_id: string; version: number }[]>`
    select stream_id, version from projection_stream_versions
    where projection = ${projection} and stream_id = any(${streamIds}::text[])`;
  return new Map(rows.map((r) => [r.stream_id, r.version]));
}

/** Records the versions each projection has now applied (projection -> stream -> version), in one statement. */
export function saveAppliedVersions(tx: TransactionSql, byProjection: Map<string, Map<string, number>>) {
  const projections: string[] = [];
  const streams: string[] = [];
  const versions: number[] = [];
  for (const [projection, applied] of byProjection) {
    for (const [stream, version] of applied) {
      projections.push(projection);
      streams.push(stream);
      versions.push(version);
    }
  }
  return tx`
    insert into projection_stream_versions (projection, stream_id, version)
    select p, s, v from unnest(${projections}::text[], ${streams}::text[], ${versions}::bigint[]) as u(p, s, v)
    on conflict (projection, stream_id) do update set version = excluded.version`;
}
