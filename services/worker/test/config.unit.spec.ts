import { describe, expect, it } from 'vitest';
import { readWorkerConfig } from '../src';

describe('worker config', () => {
  it('runs every role by default', () => {
    expect(readWorkerConfig({}).roles).toEqual(['projector', 'reactor', 'jobs']);
  });
  it('names an unknown role', () => {
    expect(() => readWorkerConfig({ WORKER_ROLES: 'projector,mailer' })).toThrow(
      'Invalid configuration: WORKER_ROLES must list roles among projector, reactor, jobs, got "mailer"',
    );
  });
  it('names a bad concurrency', () => {
    expect(() => readWorkerConfig({ WORKER_CONCURRENCY: '0' })).toThrow(
      /WORKER_CONCURRENCY must be at least 1/,
    );
  });
});
