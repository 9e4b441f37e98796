import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

const REPO_ROOT = `${resolve(__dirname, '../..')}/`;

export const PROJECTOR_MAIN = `${REPO_ROOT}apps/projector/dist/main.js`;
export const PROJECTOR_CLI = `${REPO_ROOT}apps/projector/dist/cli.js`;

const children = new Set<ChildProcess>();

/** A built entry point as its own process; killAll() ends every one still running. */
export function spawnNode(script: string, env: Record<string, string>, args: string[] = []): ChildProcess {
  const child = spawn(process.execPath, [script, ...args], { env, stdio: 'ignore' });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

export async function sigkill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

export async function killAll(): Promise<void> {
  await Promise.all([...children].map(sigkill));
}

/** Runs a built script to completion and returns its exit code and output. */
export function runNode(script: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...args], { env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}
