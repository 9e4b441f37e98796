import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './services';

const NATS_SERVER_BIN = process.env.NATS_SERVER_BIN || '/usr/sbin/nats-server';

export interface OwnNatsServer {
  url: string;
  /** SIGKILL: no clean shutdown, whatever was not on disk is gone. */
  kill(): Promise<void>;
  /** Starts again on the same port and storage directory. */
  restart(): Promise<void>;
  /**
   * Copies the storage as it is now (call while killed); the returned function puts that copy
   * back, as if everything written since had never reached the disk.
   */
  snapshotStorage(): () => void;
  /** Kills it and removes its storage. */
  dispose(): Promise<void>;
}


function accepting(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => (socket.destroy(), resolve(false)));
  });
}

/**
 * A JetStream server of the test's own, for fault tests that kill and restart the broker. The
 * shared server other tests use is never touched.
 */
export async function startOwnNatsServer(): Promise<OwnNatsServer> {
  const port = await freePort();
  const storeDir = mkdtempSync(join(tmpdir(), 'stardeck-nats-'));
  let child: ChildProcess | null = null;

  const start = async () => {
    child = spawn(NATS_SERVER_BIN, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir], { stdio: 'ignore' });
    const deadline = Date.now() + 10_000;
    while (!(await accepting(port))) {
      if (Date.now() > deadline) throw new Error(`nats-server did not start on port ${port}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const kill = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };

  await start();
  return {
    url: `nats://127.0.0.1:${port}`,
    kill,
    restart: start,
    snapshotStorage: () => {
      const copy = mkdtempSync(join(tmpdir(), 'stardeck-nats-snapshot-'));
      cpSync(storeDir, copy, { recursive: true });
      return () => {
        rmSync(storeDir, { recursive: true, force: true });
        cpSync(copy, storeDir, { recursive: true });
        rmSync(copy, { recursive: true, force: true });
      };
    },
    dispose: async () => {
      await kill();
      rmSync(storeDir, { recursive: true, force: true });
    },
  };
}
