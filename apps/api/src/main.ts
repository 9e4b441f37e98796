import { runMain } from './server';

/** The API process alone (services mode): HTTP, the relay, no projections. */
runMain(['api']);
