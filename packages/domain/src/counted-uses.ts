/**
 * A limited number of uses, each held by one registration and given back when it is released: a
 * discount code's redemptions (issue 7), a programme's bookings under its cap and an employee's under
 * their entitlement (issue 51). Each use is appended with the stream's expected version, so a burst
 * of concurrent bookings cannot take more than the limit. The limit comes with the command: null or 0
 * means unlimited. What differs per stream is the events' names and the refusal's words.
 */
import { type Decider, type Decision, type DomainErrorCode, type DomainEvent, domainError } from './decider';

export interface CountedUseState {
  count: number;
  /** Registrations holding a use now. */
  redeemedBy: Record<string, true>;
}

export type CountedUseCommand =
  | { type: 'Use'; registrationId: string; limit: number | null; at: string }
  | { type: 'Release'; registrationId: string; at: string };

export interface CountedUseData {
  registrationId: string;
  /** The count after this use or release: the latest event says it however long the stream. */
  countAfter: number;
  at: string;
}

export type CountedUseEvent<Used extends string, Released extends string> =
  | DomainEvent<Used, CountedUseData>
  | DomainEvent<Released, CountedUseData>;

export function countedUseDecider<Used extends string, Released extends string>(
  names: { used: Used; released: Released },
  refusal: { code: DomainErrorCode; message: string },
): Decider<CountedUseState, CountedUseCommand, CountedUseEvent<Used, Released>> {
  type Event = CountedUseEvent<Used, Released>;
  const decide = (state: CountedUseState, command: CountedUseCommand): Decision<Event> => {
    const held = state.redeemedBy[command.registrationId] === true;
    const data = (countAfter: number): CountedUseData => ({
      registrationId: command.registrationId,
      countAfter,
      at: command.at,
    });
    if (command.type === 'Use') {
      // the same registration using it again changes nothing
      if (held) return [];
      if (command.limit && command.limit > 0 && state.count >= command.limit)
        return domainError(refusal.code, refusal.message);
      return [{ type: names.used, data: data(state.count + 1) } as Event];
    }
    if (!held) return [];
    return [{ type: names.released, data: data(state.count - 1) } as Event];
  };
  const evolve = (state: CountedUseState, event: Event): CountedUseState => {
    const id = event.data.registrationId;
    if (event.type === names.used)
      return { count: state.count + 1, redeemedBy: { ...state.redeemedBy, [id]: true } };
    const { [id]: _released, ...rest } = state.redeemedBy;
    return { count: Math.max(0, state.count - 1), redeemedBy: rest };
  };
  return { initialState: () => ({ count: 0, redeemedBy: {} }), decide, evolve };
}
