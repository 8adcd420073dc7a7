export { readWorkerConfig, WORKER_ROLES, type WorkerConfig, type WorkerRole } from './config';
export { startWorker, workerLogger, type RunningWorker, type WorkerDeps } from './worker';
export { createProducers, defaultJobOptions, redisConnection } from './queues';
export {
  REACTOR_EVENT_TYPES,
  REACTOR_NAME,
  reactionsTo,
  startNotificationsReactor,
} from './reactor';
