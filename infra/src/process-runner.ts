import { ConfigError } from './config';
import { DataDirInUseError } from './db/data-dir-lock';

/**
 * Runs a process's main part: starts it, stops it cleanly on SIGTERM/SIGINT, and reports a start
 * failure plainly (a configuration problem as its sentences, anything else with its stack).
 */
export function runProcess(start: () => Promise<{ stop(): Promise<void> }>): void {
  start().then(
    (running) => {
      const stop = () => void running.stop().then(() => process.exit(0), () => process.exit(1));
      process.once('SIGTERM', stop);
      process.once('SIGINT', stop);
    },
    (error: unknown) => {
      // The operator's mistakes get their sentence; anything else its stack.
      console.error(error instanceof ConfigError || error instanceof DataDirInUseError ? error.message : error);
      process.exit(1);
    },
  );
}
