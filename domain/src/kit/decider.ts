/**
 * The shape every write model follows (Emmett's decider): `decide` turns a command and the current
 * state into new events or a domain error, `evolve` folds one event into the state. Both are pure;
 * ids and time arrive inside the command.
 */
export interface Decider<Command, Event extends { type: string }, State, Code extends string = string> {
  initialState: () => State;
  decide: (command: Command, state: State) => Event[] | DomainError<Code>;
  evolve: (state: State, event: Event) => State;
}

/** A refused command. `code` is for callers to branch on; the API maps each code to an HTTP answer. */
export class DomainError<Code extends string = string> {
  constructor(
    readonly code: Code,
    readonly message: string,
  ) {}
}

export function isDomainError(value: unknown): value is DomainError {
  return value instanceof DomainError;
}

/** The error codes a decider can refuse with. */
export type ErrorCodeOf<D> = D extends Decider<never, never, never, infer Code> ? Code : never;

/** The state after a stream's events, oldest first. */
export function fold<C, E extends { type: string }, S>(decider: Decider<C, E, S>, events: readonly E[]): S {
  return events.reduce(decider.evolve, decider.initialState());
}
