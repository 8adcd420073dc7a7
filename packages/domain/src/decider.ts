/**
 * The shape every event-sourced piece of the domain follows: pure `decide(state, command)` giving
 * events or a typed error, and `evolve(state, event)` folding an event into the state. Events are
 * `{ type, data }` with plain-JSON data (ISO strings, integer cents); metadata (actor, correlation)
 * is the event store's business.
 */

export interface DomainEvent<Type extends string = string, Data extends object = object> {
  type: Type;
  data: Data;
}

export type DomainErrorCode =
  | 'NOT_FOUND'
  | 'ALREADY_EXISTS'
  | 'SLOT_FULL'
  | 'SLOT_NOT_AVAILABLE'
  | 'CAPACITY_BELOW_BOOKED'
  | 'INVALID'
  | 'ALREADY_CANCELLED'
  | 'CANCELLED'
  | 'STATUS_NOT_ALLOWED'
  | 'TOO_MANY_PARTICIPANTS'
  | 'PRIMARY_REQUIRED'
  | 'ALREADY_PAID'
  | 'DISCOUNT_ALREADY_APPLIED'
  | 'REDEMPTION_LIMIT_REACHED'
  | 'EXPIRED'
  | 'REFUND_EXCEEDS_PAID'
  | 'PROGRAMME_FULL'
  | 'ENTITLEMENT_USED';

/** A refusal, with a message fit for a person. */
export interface DomainError {
  kind: 'DomainError';
  code: DomainErrorCode;
  message: string;
}

export function domainError(code: DomainErrorCode, message: string): DomainError {
  return { kind: 'DomainError', code, message };
}

export function isDomainError(value: unknown): value is DomainError {
  return typeof value === 'object' && value !== null && (value as DomainError).kind === 'DomainError';
}

/**
 * The HTTP status an api answers a refusal with: the one mapping every route uses (through the api's
 * error handler). A malformed command is a 400; a command the order's current state refuses (full,
 * cancelled, expired, paid, the primary participant, a refund beyond what was paid) is a 409.
 */
export function domainErrorHttpStatus(error: Pick<DomainError, 'code'>): 400 | 404 | 409 {
  switch (error.code) {
    case 'NOT_FOUND':
      return 404;
    case 'INVALID':
    case 'TOO_MANY_PARTICIPANTS':
      return 400;
    default:
      return 409;
  }
}

export type Decision<E> = E[] | DomainError;

export interface Decider<State, Command, Event> {
  initialState: () => State;
  decide: (state: State, command: Command) => Decision<Event>;
  evolve: (state: State, event: Event) => State;
}
