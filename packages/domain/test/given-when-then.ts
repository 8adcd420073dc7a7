import { expect } from 'vitest';
import { type Decider, type DomainError, isDomainError } from '../src';

/** Folds events over a state (the initial one by default). */
export function fold<S, C, E>(
  decider: Decider<S, C, E>,
  events: readonly E[],
  state: S = decider.initialState(),
): S {
  return events.reduce(decider.evolve, state);
}

/** Given events, when a command, then events (or an error). No database. */
export function spec<S, C, E>(decider: Decider<S, C, E>, initial?: () => S) {
  return (given: E[] = []) => ({
    when: (command: C) => {
      const state = fold(decider, given, initial ? initial() : decider.initialState());
      const result = decider.decide(state, command);
      return {
        thenEvents: (expected: E[]) => {
          expect(result).toEqual(expected);
          return fold(decider, expected, state);
        },
        thenError: (expected: Partial<DomainError>) => {
          expect(isDomainError(result)).toBe(true);
          expect(result).toMatchObject(expected);
        },
        result,
      };
    },
  });
}
