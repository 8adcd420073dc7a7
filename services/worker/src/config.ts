import { type CommonConfig, ConfigError, type Env, int, optionalStr, readCommonConfig } from '@hs/config';

export const WORKER_ROLES = ['projector', 'reactor', 'jobs'] as const;
export type WorkerRole = (typeof WORKER_ROLES)[number];

export interface WorkerConfig extends CommonConfig {
  /** Which parts this process runs; every host may run all of them (leases and job ids keep work single). */
  roles: WorkerRole[];
  /** A stable name for leases and logs; defaults to host name + pid. */
  workerId: string | undefined;
  jobConcurrency: number;
  /** How long in-flight jobs may take to finish on SIGTERM before the process exits anyway. */
  shutdownGraceMs: number;
}

export function readWorkerConfig(env: Env = process.env): WorkerConfig {
  const common = readCommonConfig(env);
  const roles = (optionalStr(env, 'WORKER_ROLES') ?? WORKER_ROLES.join(','))
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
  for (const r of roles) {
    if (!(WORKER_ROLES as readonly string[]).includes(r)) {
      throw new ConfigError('WORKER_ROLES', `must list roles among ${WORKER_ROLES.join(', ')}, got "${r}"`);
    }
  }
  return {
    ...common,
    roles: roles as WorkerRole[],
    workerId: optionalStr(env, 'WORKER_ID'),
    jobConcurrency: int(env, 'WORKER_CONCURRENCY', 5, { min: 1, max: 100 }),
    shutdownGraceMs: int(env, 'WORKER_SHUTDOWN_GRACE_MS', 10_000, { min: 0 }),
  };
}
