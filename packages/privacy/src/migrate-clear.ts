import type { Sql } from '@hs/db';
import { PERSONAL_EVENT_TYPES, personalFieldsOf } from '@hs/domain';
import { encryptEventData, hasBoxes } from './codec';
import { ensureDataKeys, isEncryptedField } from './store';

export interface ClearEventsResult {
  /** Events whose personal fields were encrypted in place now. */
  encrypted: number;
}

function hasClearField(type: string, data: unknown): boolean {
  // An event with boxes was encrypted when appended; its fields hold references into them.
  if (hasBoxes(data)) return false;
  return personalFieldsOf(type, data).some((f) => {
    let v: unknown = data;
    for (const k of f.path) v = (v as Record<string | number, unknown>)[k];
    return typeof v === 'string' && !isEncryptedField(v);
  });
}

/**
 * The one sanctioned rewrite of the event log (issue 24; docs/events.md): events written before
 * encryption at rest carry personal fields in clear; each is rewritten in place with those fields
 * encrypted under its people's data keys (created as needed, in the same transaction). Idempotent: an
 * event with every field encrypted is left alone. The caller rebuilds the projections afterwards.
 */
export async function encryptClearEvents(sql: Sql, batchSize = 500): Promise<ClearEventsResult> {
  let encrypted = 0;
  let after = 0;
  for (;;) {
    const rows = await sql<{ global_position: string; type: string; data: unknown }[]>`
      select global_position, type, data from events
      where type = any(${[...PERSONAL_EVENT_TYPES]}::text[]) and global_position > ${after}
      order by global_position limit ${batchSize}`;
    if (rows.length === 0) break;
    after = Number(rows.at(-1)!.global_position);
    const clear = rows.filter((r) => hasClearField(r.type, r.data));
    if (clear.length === 0) continue;
    await sql.begin(async (tx) => {
      const datas = await encryptEventData(clear, (subjects) => ensureDataKeys(tx, subjects));
      await tx`
        update events e set data = u.data
        from jsonb_to_recordset(${tx.json(
          clear.map((r, i) => ({ p: Number(r.global_position), data: datas[i] })) as never,
        )}) as u(p bigint, data jsonb)
        where e.global_position = u.p`;
    });
    encrypted += clear.length;
  }
  return { encrypted };
}
