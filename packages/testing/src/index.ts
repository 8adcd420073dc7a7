export { laneAdminUrl, testDatabase, testRedis, type TestDatabase } from './test-database';
export { createDatabase, dropDatabase, withDatabase, randomName } from './databases';
export { startTestServices, type TestServices } from './services';
export {
  startProductStack,
  stopChild,
  launchBrowser,
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  type ProductStack,
} from './stack';
export { redisProxy } from './redis-proxy';
export { startSmtp, parseMime, type ReceivedMail, type TestSmtp } from './smtp';
export { parseIcs, type IcsCalendar } from './ics';
export { startPostgresCluster, PG_BIN, type PostgresCluster } from './pg-cluster';
