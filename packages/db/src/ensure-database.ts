import { connect } from './connect';

/**
 * Creates the database named in `url` when it does not exist yet, connecting
 * to the server's `postgres` database to do so. Used by `npm start` so a fresh
 * machine needs no manual `createdb`.
 */
export async function ensureDatabase(url: string): Promise<boolean> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!name || name === 'postgres') return false;
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  const admin = connect(adminUrl.toString(), { max: 1, applicationName: 'ensure-database' });
  try {
    const rows = await admin`select 1 from pg_database where datname = ${name}`;
    if (rows.length > 0) return false;
    await admin.unsafe(`create database "${name.replace(/"/g, '""')}"`);
    return true;
  } catch (err) {
    // Two starts racing: the other one created it.
    if ((err as { code?: string }).code === '42P04') return false;
    throw err;
  } finally {
    await admin.end();
  }
}
