import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { workerLogger } from '../src';

describe("the worker's logger", () => {
  it('names the worker and censors personal data in lines and child bindings', () => {
    const lines: string[] = [];
    const log = workerLogger(
      'info',
      'worker-1',
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(chunk.toString());
          done();
        },
      }),
    );
    log
      .child({ email: 'tan@example.sg', jobId: 'j1' })
      .warn({ order: { participants: [{ identificationNumber: 'S1234567A', packageId: 3 }] } }, 'job failed');
    const text = lines.join('');
    expect(text).toContain('"worker":"worker-1"');
    expect(text).toContain('"jobId":"j1"');
    expect(text).toContain('"packageId":3');
    expect(text).not.toContain('tan@example.sg');
    expect(text).not.toContain('S1234567A');
  });
});
