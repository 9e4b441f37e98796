import type pg from 'pg';

/**
 * Keeps a Postgres restart (or a terminated backend) from ending the process. pg-pool listens for
 * errors only on idle clients: a client that is lent out (inside a transaction between two
 * statements, or between its acquisition and its first query) emits its error with no listener,
 * and Node throws it. Every client of `pool` gets a listener of its own; whoever holds the client
 * then sees the failure on its next query, and the pool drops the client once it comes back.
 * `report` hears each error once, from the client's own listener.
 */
export function survivePoolErrors(pool: pg.Pool, report: (error: Error) => void = () => undefined): void {
  // The pool re-emits an idle client's error after dropping it: heard already, and unhandled it would throw.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    client.on('error', report);
  });
}
