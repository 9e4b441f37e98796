/** Time as a port: services ask the clock, so tests can hold time still or move it on. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
