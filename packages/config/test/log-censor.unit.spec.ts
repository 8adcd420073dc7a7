import { describe, expect, it } from 'vitest';
import { LOG_CENSOR, censorLogObject, logCensorOptions } from '../src';

describe('censorLogObject', () => {
  it('censors sensitive keys down to five levels, in objects and arrays', () => {
    const logged = {
      email: 'tan@example.sg',
      order: { id: 7, identificationNumber: 'S1234567A', participants: [{ dateOfBirth: '1980-01-01' }] },
      req: { headers: { authorization: 'Bearer abc', accept: 'json' } },
      count: 3,
    };
    expect(censorLogObject(logged)).toEqual({
      email: LOG_CENSOR,
      order: { id: 7, identificationNumber: LOG_CENSOR, participants: [{ dateOfBirth: LOG_CENSOR }] },
      req: { headers: { authorization: LOG_CENSOR, accept: 'json' } },
      count: 3,
    });
  });

  it('never changes the caller object and copies only the way to a censored key', () => {
    const untouched = { a: 1, deep: { b: 2 } };
    const logged = { order: { email: 'tan@example.sg' }, other: untouched };
    const censored = censorLogObject(logged);
    expect(logged.order.email).toBe('tan@example.sg');
    expect(censored.other).toBe(untouched);
    expect(censored).not.toBe(logged);
  });

  it('returns the same object when nothing is sensitive', () => {
    const logged = { reqId: 'abc', res: { statusCode: 201 }, list: [1, 2, { x: 'y' }] };
    expect(censorLogObject(logged)).toBe(logged);
  });

  it('leaves class instances to their serializers and stops below five levels', () => {
    const err = Object.assign(new Error('boom'), { email: 'kept-for-the-serializer' });
    const logged = { err, a: { b: { c: { d: { email: 'level 5' }, e: { f: { email: 'level 6' } } } } } };
    const censored = censorLogObject(logged);
    expect(censored.err).toBe(err);
    expect(censored.a.b.c.d.email).toBe(LOG_CENSOR);
    expect(censored.a.b.c.e.f.email).toBe('level 6');
  });

  it('gives pino a log formatter and a top-level redact path per key', () => {
    expect(logCensorOptions.formatters.log({ token: 't' })).toEqual({ token: LOG_CENSOR });
    expect(logCensorOptions.redact.paths).toContain('email');
    expect(logCensorOptions.redact.paths).toContain('["set-cookie"]');
    expect(logCensorOptions.redact.paths.every((p) => !p.includes('*'))).toBe(true);
  });
});
