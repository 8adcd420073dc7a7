/**
 * Erasure of an order's personal data (issue 24), for the api's admin route and the worker's
 * retention sweep: one append of PersonalDataErased and, in the same transaction, the destruction of
 * the data keys of everyone ever on the order (crypto-shredding: their fields in the log read as ''
 * from then on) and an audit_log row naming only ids. A second erase appends nothing and answers the
 * first erasure's time; the attempt is audited all the same.
 */
import type { Sql } from '@hs/db';
import {
  type ErasureReason,
  type RegistrationState,
  registrationDecider,
  registrationStream,
} from '@hs/domain';
import { decideOn, handle } from '@hs/eventstore';
import { destroyDataKeys } from '@hs/privacy';

export interface ErasedOrder {
  state: RegistrationState;
  /** false when it had been erased before (nothing appended now). */
  erasedNow: boolean;
}

export async function erasePersonalData(
  sql: Sql,
  registrationId: number,
  by: { actor: string; username: string; requestId?: string },
  reason: ErasureReason,
  at = new Date().toISOString(),
): Promise<ErasedOrder> {
  const stream = registrationStream(registrationId);
  const { result } = await handle(
    sql,
    [stream.id],
    (read) => {
      const erase = decideOn(stream, read[stream.id], registrationDecider, {
        type: 'ErasePersonalData',
        by: by.username,
        reason,
        at,
      });
      const subjectIds = erase.events.flatMap((e) =>
        e.type === 'PersonalDataErased' ? e.data.subjectIds : [],
      );
      const erasedNow = erase.events.length > 0;
      return {
        append: [erase.append],
        result: { state: erase.after, erasedNow },
        alsoWrite: async (tx) => {
          await destroyDataKeys(tx, subjectIds);
          // The issued invoices and credit notes keep their numbers and amounts (the GST report and the
          // books stay right) but no longer name the customer or the attendees.
          if (erasedNow) {
            await tx`
              update invoices set snapshot = jsonb_set(snapshot, '{customer}', '{"name": "", "address": ""}')
                || case when snapshot ? 'lines' then jsonb_build_object('lines', coalesce(
                     (select jsonb_agg(l || '{"person": ""}') from jsonb_array_elements(snapshot->'lines') l),
                     '[]'::jsonb))
                   else '{}'::jsonb end
              where registration_id = ${registrationId}`;
          }
          await tx`
            insert into audit_log (actor, action, entity, entity_id, after)
            values (${by.actor}, 'delete', 'personal_data_erasure', ${String(registrationId)},
                    ${tx.json({ registrationId, reason, alreadyErased: !erasedNow })})`;
        },
      };
    },
    { metadata: { actor: by.actor, ...(by.requestId ? { requestId: by.requestId } : {}) } },
  );
  return result!;
}
