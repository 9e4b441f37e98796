import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Every job directory lives here, named after the owning process so leftovers can be found. */
export const defaultTempRoot = () => join(tmpdir(), 'stardeck-transcode');

/**
 * Runs `work` in a fresh directory and removes it afterwards, whether the work succeeded, failed or
 * was cancelled. A process killed outright leaves its directory; `removeStaleJobDirectories` clears it.
 */
export async function withJobDirectory<T>(root: string, work: (dir: string) => Promise<T>): Promise<T> {
  await mkdir(root, { recursive: true });
  const dir = await mkdtemp(join(root, `job-${process.pid}-`));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes job directories whose owning process is gone (killed mid-job); returns how many. */
export async function removeStaleJobDirectories(root: string): Promise<number> {
  const entries = await readdir(root).catch(() => [] as string[]);
  let removed = 0;
  for (const name of entries) {
    const pid = Number(/^job-(\d+)-/.exec(name)?.[1]);
    if (!pid || pid === process.pid || isAlive(pid)) continue;
    await rm(join(root, name), { recursive: true, force: true });
    removed++;
  }
  return removed;
}
