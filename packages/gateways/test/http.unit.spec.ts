import { describe, expect, it } from 'vitest';
import { backoffDelay, HttpCallError, withRetries } from '../src';

describe('retries with exponential back-off and jitter', () => {
  it('delays are random below a doubling, capped ceiling', () => {
    const opts = { baseDelayMs: 100, maxDelayMs: 1000 };
    expect(backoffDelay(0, { ...opts, random: () => 0.999 })).toBe(99);
    expect(backoffDelay(2, { ...opts, random: () => 0.5 })).toBe(200);
    expect(backoffDelay(10, { ...opts, random: () => 0.999 })).toBe(999);
    expect(backoffDelay(3, { ...opts, random: () => 0 })).toBe(0);
  });

  it('retries only what shouldRetry accepts, at most `retries` more times', async () => {
    const waits: number[] = [];
    let calls = 0;
    const sleep = async (ms: number) => {
      waits.push(ms);
    };
    const failing = () => {
      calls++;
      return Promise.reject(new HttpCallError('x', 'network'));
    };
    await expect(
      withRetries(failing, (e) => e instanceof HttpCallError && e.retryable, {
        retries: 3,
        baseDelayMs: 10,
        maxDelayMs: 100,
        random: () => 0.5,
        sleep,
      }),
    ).rejects.toThrow('x');
    expect(calls).toBe(4);
    expect(waits).toEqual([5, 10, 20]);

    calls = 0;
    await expect(
      withRetries(
        () => {
          calls++;
          return Promise.reject(new HttpCallError('no', 'status', 404));
        },
        (e) => (e as HttpCallError).retryable,
        {
          retries: 3,
          baseDelayMs: 1,
          maxDelayMs: 1,
          sleep,
        },
      ),
    ).rejects.toThrow('no');
    expect(calls).toBe(1);
  });

  it('returns the first success', async () => {
    let calls = 0;
    const value = await withRetries(
      async (attempt) => {
        calls++;
        if (attempt < 2) throw new HttpCallError('t', 'timeout');
        return 'ok';
      },
      () => true,
      { retries: 5, baseDelayMs: 0, maxDelayMs: 0 },
    );
    expect(value).toBe('ok');
    expect(calls).toBe(3);
  });

  it('retryable statuses are 429 and 5xx', () => {
    expect(new HttpCallError('', 'status', 429).retryable).toBe(true);
    expect(new HttpCallError('', 'status', 503).retryable).toBe(true);
    expect(new HttpCallError('', 'status', 400).retryable).toBe(false);
    expect(new HttpCallError('', 'body', 200).retryable).toBe(false);
  });
});
