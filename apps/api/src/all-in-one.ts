import { runMain } from './server';

/** `npm start`: API, relay and projections in one process, on whichever adapters the config selects. */
runMain(['api', 'projector']);
