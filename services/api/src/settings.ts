import type { Sql, TransactionSql } from '@hs/db';

export const PAYMENT_TEST_MODE = 'payment_test_mode';

export async function getSetting(db: Sql | TransactionSql, key: string): Promise<string | undefined> {
  const [row] = await db<
    { value: string }[]
  >`select setting_value as value from system_settings where setting_key = ${key}`;
  return row?.value;
}

/** Payment test mode is on unless an admin switched it off (a fresh install never charges real cards). */
export async function isPaymentTestMode(db: Sql | TransactionSql): Promise<boolean> {
  return (await getSetting(db, PAYMENT_TEST_MODE)) !== 'false';
}
