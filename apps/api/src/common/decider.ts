/**
 * The shape every write model follows (Emmett's decider): `decide` turns a command and the current
 * state into new events or a domain error, `evolve` folds one event into the state. Both are pure;
 * ids and time arrive inside the command.
 */
export interface Decider<Command, Event extends { type: string }, State> {
  initialState: () => State;
  decide: (command: Command, state: State) => Event[] | DomainError;
  evolve: (state: State, event: Event) => State;
}

/** A refused command. `code` is for callers to branch on; services map it to an HTTP answer. */
export class DomainError {
  constructor(
    readonly code: string,
    readonly message: string,
  ) {}
}

export function isDomainError(value: unknown): value is DomainError {
  return value instanceof DomainError;
}

/** The state after a stream's events, oldest first. */
export function fold<C, E extends { type: string }, S>(decider: Decider<C, E, S>, events: readonly E[]): S {
  return events.reduce(decider.evolve, decider.initialState());
}

/** Given/when for specs and services alike: replay `past`, then decide `command`. */
export function given<C, E extends { type: string }, S>(decider: Decider<C, E, S>, past: readonly E[]) {
  return { when: (command: C) => decider.decide(command, fold(decider, past)) };
}
