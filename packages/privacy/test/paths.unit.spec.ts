import { describe, expect, it } from 'vitest';
import { copyAlong, getAt, setAt } from '../src/paths';

describe('copyAlong', () => {
  const original = () => ({
    contact: { firstName: 'Ann', email: 'ann@example.com' },
    participants: [
      { participantId: 'a', firstName: 'Ann' },
      { participantId: 'b', firstName: 'Ben' },
    ],
    pricing: { totalCents: 100, lines: [{ cents: 100 }] },
  });

  it('writes through the copy leave the original as it was, and untouched branches are shared', () => {
    const data = original();
    const before = structuredClone(data);
    const paths = [
      ['contact', 'firstName'],
      ['participants', 1, 'firstName'],
    ] as const;
    const copy = copyAlong(data, paths);
    for (const p of paths) setAt(copy, p, 'sealed');
    expect(data).toEqual(before);
    expect(getAt(copy, ['contact', 'firstName'])).toBe('sealed');
    expect(getAt(copy, ['participants', 1, 'firstName'])).toBe('sealed');
    expect(copy.contact.email).toBe('ann@example.com');
    // Only the containers on the paths are new.
    expect(copy.pricing).toBe(data.pricing);
    expect(copy.participants[0]).toBe(data.participants[0]);
    expect(copy.participants).not.toBe(data.participants);
    expect(Array.isArray(copy.participants)).toBe(true);
  });

  it('copies a container reached by two paths once, and passes a value that is not an object through', () => {
    const data = original();
    const copy = copyAlong(data, [
      ['participants', 0, 'firstName'],
      ['participants', 0, 'participantId'],
    ]);
    setAt(copy, ['participants', 0, 'firstName'], 'x');
    setAt(copy, ['participants', 0, 'participantId'], 'y');
    expect(copy.participants[0]).toEqual({ participantId: 'y', firstName: 'x' });
    expect(data.participants[0]).toEqual({ participantId: 'a', firstName: 'Ann' });
    expect(copyAlong(null, [['a']])).toBeNull();
    expect(copyAlong('text', [['a']])).toBe('text');
    // A path through a missing branch stops there without inventing it.
    const sparse = copyAlong({ contact: null }, [['contact', 'firstName']]);
    expect(sparse).toEqual({ contact: null });
  });
});
