export {
  connect,
  isPostgresUnreachable,
  splitSocketDir,
  type Sql,
  type TransactionSql,
  type ConnectOptions,
} from './connect';
export { ensureDatabase } from './ensure-database';
export { migrate, findMigrationsDir, listMigrations, type MigrationResult } from './migrate';
