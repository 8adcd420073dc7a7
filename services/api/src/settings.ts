import type { Sql, TransactionSql } from '@hs/db';
import { audit } from './audit';

export const PAYMENT_TEST_MODE = 'payment_test_mode';

export async function getSetting(db: Sql | TransactionSql, key: string): Promise<string | undefined> {
  const [row] = await db<
    { value: string }[]
  >`select setting_value as value from system_settings where setting_key = ${key}`;
  return row?.value;
}

/** Takes a setting back to 'not set', so its default (an environment variable) decides again. */
export async function clearSetting(db: Sql | TransactionSql, key: string): Promise<void> {
  await db`delete from system_settings where setting_key = ${key}`;
}

export interface SettingChange {
  key: string;
  value: string;
  description: string;
  actor: string;
  /** What the audit log shows as the old and new state. */
  before: unknown;
  after: unknown;
}

/** An admin sets a setting: stores it and records the change; call it inside the change's transaction. */
export async function saveSetting(tx: Sql | TransactionSql, change: SettingChange): Promise<void> {
  await tx`
    insert into system_settings (setting_key, setting_value, description, last_updated_by)
    values (${change.key}, ${change.value}, ${change.description}, ${change.actor})
    on conflict (setting_key) do update set setting_value = excluded.setting_value,
      last_updated_by = excluded.last_updated_by`;
  await audit(tx, {
    actor: change.actor,
    action: 'update',
    entity: 'system_setting',
    entityId: change.key,
    before: change.before,
    after: change.after,
  });
}

/**
 * Payment test mode as an admin set it, else the default (PAYMENT_TEST_MODE: on outside production and
 * in the demo, so a fresh install there never charges real cards; off in production, so the test
 * gateway never confirms payments there unless someone chose it).
 */
export async function isPaymentTestMode(db: Sql | TransactionSql, fallback = true): Promise<boolean> {
  const stored = await getSetting(db, PAYMENT_TEST_MODE);
  return stored === undefined ? fallback : stored !== 'false';
}

export const PAYNOW_SWITCH = 'paynow_enabled';

/** Whether staff let customers pay by PayNow (issue 48): on until an admin turns it off. */
export async function isPayNowSwitchedOn(db: Sql | TransactionSql): Promise<boolean> {
  return (await getSetting(db, PAYNOW_SWITCH)) !== 'false';
}

export const PAYMENT_HOLD_MINUTES = 'payment_hold_minutes';

/**
 * How long a booking awaiting payment holds its seats and code: the back-office setting (minutes)
 * once staff set it, else PAYMENT_HOLD_SECONDS.
 */
export async function paymentHoldSeconds(db: Sql | TransactionSql, fallbackSeconds: number): Promise<number> {
  return holdSecondsFrom(await getSetting(db, PAYMENT_HOLD_MINUTES), fallbackSeconds);
}

/** The hold from the setting's stored value (read elsewhere, say in a booking's pricing statement). */
export function holdSecondsFrom(stored: string | null | undefined, fallbackSeconds: number): number {
  const minutes = Number(stored ?? undefined);
  return Number.isSafeInteger(minutes) && minutes > 0 ? minutes * 60 : fallbackSeconds;
}
