export {
  connect,
  isPostgresUnreachable,
  splitSocketDir,
  type Sql,
  type TransactionSql,
  type Fragment,
  type ConnectOptions,
} from './connect';
export { ensureDatabase } from './ensure-database';
export { migrate, findMigrationsDir, listMigrations, type MigrationResult } from './migrate';
export { createBatcher, type Batcher, type BatcherStats, type Waiting } from './batcher';
export { autovacuumGaps, AUTOVACUUM_OFF_WARNING } from './statistics';
