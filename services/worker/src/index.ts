export { readWorkerConfig, WORKER_ROLES, type WorkerConfig, type WorkerRole } from './config';
export { startWorker, type RunningWorker } from './worker';
