import type { Sql, TransactionSql } from '@hs/db';

export interface AuditEntry {
  actor: string;
  action: 'create' | 'update' | 'delete';
  entity: string;
  entityId: string | number | null;
  before?: unknown;
  after?: unknown;
}

/** Records an admin change; call it inside the transaction that makes the change. */
export async function audit(tx: Sql | TransactionSql, entry: AuditEntry): Promise<void> {
  await tx`
    insert into audit_log (actor, action, entity, entity_id, before, after)
    values (${entry.actor}, ${entry.action}, ${entry.entity}, ${entry.entityId === null ? null : String(entry.entityId)},
            ${entry.before === undefined ? null : tx.json(entry.before as never)},
            ${entry.after === undefined ? null : tx.json(entry.after as never)})`;
}
