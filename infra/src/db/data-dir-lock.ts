import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Another live process already runs on this embedded data directory. */
export class DataDirInUseError extends Error {
  constructor(readonly dataDir: string, readonly pid: number) {
    super(`stardeck is already running on ${dataDir} (process ${pid}). Embedded Postgres allows one process at a time: `
      + 'stop it first, or use its admin endpoints (GET /v1/admin/projections, POST /v1/admin/projections/{name}/rebuild).');
    this.name = 'DataDirInUseError';
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite keeps its files in the data directory and must never be opened by two processes at once:
 * the second would corrupt them. A pid file claims the directory; a stale one (its process died)
 * is taken over.
 */
export function claimDataDir(dataDir: string): () => void {
  const file = join(dataDir, 'stardeck.pid');
  let holder = NaN;
  try {
    holder = Number(readFileSync(file, 'utf8').trim());
  } catch {
    // No pid file: the directory is free.
  }
  if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && alive(holder)) throw new DataDirInUseError(dataDir, holder);
  writeFileSync(file, String(process.pid));
  return () => {
    try {
      if (Number(readFileSync(file, 'utf8').trim()) === process.pid) rmSync(file, { force: true });
    } catch {
      // Already gone.
    }
  };
}
