import { runMain } from './server';

/** `npm start`: API, relay, projections and the transcoder in one process, on whichever adapters the config selects. */
runMain(['api', 'projector', 'transcoder']);
