export { connect, type Sql, type TransactionSql, type ConnectOptions } from './connect';
export { migrate, findMigrationsDir, listMigrations, type MigrationResult } from './migrate';
