import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { withoutServiceVariables } from '../support/embedded';
import { descendants, isRunning } from '../support/process-tree';
import { freePort, waitFor } from '../support/services';

const REPO_ROOT = resolve(__dirname, '../..');

/** The log messages among the output's JSON lines. */
function logMessages(output: string): string[] {
  return output.split('\n').flatMap((line) => {
    try {
      return [String(JSON.parse(line).msg)];
    } catch {
      return [];
    }
  });
}

/**
 * An operator stops `npm start` the way process managers do: SIGTERM to the process they started.
 * Runs after `npm run build`, so the build steps of `npm start` find nothing to do.
 */
describe('npm start under a process manager', () => {
  let dataDir: string;
  let npm: ChildProcess | undefined;
  let tree: number[] = [];

  afterAll(async () => {
    // Whatever outlived the test would keep the port and the data directory: end it.
    for (const pid of tree.filter(isRunning)) process.kill(pid, 'SIGKILL');
    if (npm?.exitCode === null && npm.signalCode === null) npm.kill('SIGKILL');
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('stops the server and every process under it on SIGTERM, and logs the shutdown', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'stardeck-start-'));
    const port = await freePort();
    const env = { ...withoutServiceVariables(process.env), DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' };

    let output = '';
    npm = spawn('npm', ['start'], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    npm.stdout!.on('data', (chunk) => (output += chunk));
    npm.stderr!.on('data', (chunk) => (output += chunk));
    const npmPid = npm.pid!;
    await waitFor(async () => logMessages(output).includes('stardeck listening'), 45_000);
    expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);

    tree = [npmPid, ...descendants(npmPid)];
    npm.kill('SIGTERM');
    await waitFor(async () => !tree.some(isRunning), 5_000).catch(() => undefined);

    expect(tree.filter(isRunning), 'processes still running after SIGTERM').toEqual([]);
    expect(logMessages(output)).toEqual(expect.arrayContaining(['shutting down', 'stopped']));
    await expect(fetch(`http://127.0.0.1:${port}/health`)).rejects.toThrow();
  });
});
