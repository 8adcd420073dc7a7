/**
 * Opting out of SMS reminders (issue 26). The link in every reminder carries a token: the order's id
 * and an HMAC of it (the waiting-list links' secret, kept apart by its own label), derivable by the
 * api and the worker, never stored. Opting out records SmsOptedOut on the order's stream once.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Sql } from '@hs/db';
import { registrationDecider, registrationStream } from '@hs/domain';
import { foldStream, handle } from '@hs/eventstore';

const mac = (secret: string, registrationId: number) =>
  createHmac('sha256', secret).update(`sms-opt-out:${registrationId}`).digest('base64url');

/** `<registrationId>.<hmac>`: the order's opt-out token. */
export function smsOptOutToken(secret: string, registrationId: number): string {
  return `${registrationId}.${mac(secret, registrationId)}`;
}

/** The order a token was made for; null for anything forged or malformed. */
export function registrationOfSmsOptOutToken(secret: string, token: string): number | null {
  const m = /^(\d{1,20})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m || !secret) return null;
  const id = Number(m[1]);
  if (!Number.isSafeInteger(id)) return null;
  const expected = Buffer.from(mac(secret, id));
  const given = Buffer.from(m[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}

/**
 * Records SmsOptedOut unless the order opted out already (idempotent). Answers whether the order
 * exists and when it opted out.
 */
export async function optOutOfSms(
  sql: Sql,
  registrationId: number,
  meta: { actor: string; now?: () => Date },
): Promise<{ found: boolean; optedOutAt: string | null }> {
  const stream = registrationStream(registrationId);
  let result: { found: boolean; optedOutAt: string | null } = { found: false, optedOutAt: null };
  await handle(
    sql,
    [stream.id],
    (streams) => {
      const events = streams[stream.id]?.events ?? [];
      const state = foldStream(events, registrationDecider);
      if (!state.exists) {
        result = { found: false, optedOutAt: null };
        return { append: [] };
      }
      const already = events.find((e) => e.type === 'SmsOptedOut');
      if (already) {
        result = { found: true, optedOutAt: (already.data as { at: string }).at };
        return { append: [] };
      }
      const at = (meta.now?.() ?? new Date()).toISOString();
      result = { found: true, optedOutAt: at };
      return {
        append: [
          {
            streamId: stream.id,
            streamType: stream.category,
            events: [{ type: 'SmsOptedOut', data: { at } }],
          },
        ],
      };
    },
    { metadata: { actor: meta.actor }, maxAttempts: 8 },
  );
  return result;
}
