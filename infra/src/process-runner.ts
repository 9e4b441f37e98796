import { ConfigError } from './config';
import { DataDirInUseError } from './db/data-dir-lock';
import type { Logger } from './logger';

/** What a started process hands back: how to stop it, and its logger for the shutdown lines. */
export interface RunningProcess {
  stop(): Promise<void>;
  logger: Logger;
}

/**
 * Runs a process's main part: starts it, stops it cleanly on SIGTERM/SIGINT, and reports a start
 * failure plainly (a configuration problem as its sentences, anything else with its stack).
 * Stopping is logged at both ends, so an operator sees that a signal arrived and that the process
 * finished what it had rather than died. A second signal during the stop ends the process at once.
 */
export function runProcess(start: () => Promise<RunningProcess>): void {
  start().then(
    (running) => {
      const stop = (signal: NodeJS.Signals) => {
        // With no listener left, the next SIGTERM or SIGINT takes Node's default: exit now.
        process.off('SIGTERM', stop);
        process.off('SIGINT', stop);
        running.logger.info({ signal }, 'shutting down');
        running.stop().then(
          () => {
            running.logger.info('stopped');
            process.exit(0);
          },
          (error: unknown) => {
            running.logger.error({ err: error }, 'stop failed');
            process.exit(1);
          },
        );
      };
      process.on('SIGTERM', stop);
      process.on('SIGINT', stop);
    },
    (error: unknown) => {
      // The operator's mistakes get their sentence; anything else its stack.
      console.error(error instanceof ConfigError || error instanceof DataDirInUseError ? error.message : error);
      process.exit(1);
    },
  );
}
