import { type Env, int } from './env';

/**
 * Retention of personal data (issue 24): the default number of days after an appointment when the
 * worker erases an order's personal data (staff may set another on the back-office), and how often
 * the worker looks.
 */
export function readRetentionConfig(env: Env = process.env) {
  return {
    retentionDays: int(env, 'PERSONAL_DATA_RETENTION_DAYS', 730, { min: 30, max: 3650 }),
    sweepMs: int(env, 'RETENTION_SWEEP_MS', 3_600_000, { min: 50, max: 86_400_000 }),
  };
}
