#!/usr/bin/env node
// `npm test`: builds, then runs every suite. Without reachable Postgres and NATS it says so in
// one line and runs the suites the embedded adapters serve (unit and embedded).
import { spawnSync } from 'node:child_process';
import net from 'node:net';

const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const natsUrl = process.env.NATS_URL || 'nats://127.0.0.1:4222';

function reachable(url, fallbackPort) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname || '127.0.0.1', port: Number(port) || fallbackPort });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

function run(command, args, env = process.env) {
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run('npm', ['run', 'build', '--silent']);

const extraArgs = process.argv.slice(2);
const [pgUp, natsUp] = await Promise.all([reachable(databaseUrl, 5432), reachable(natsUrl, 4222)]);
const env = { ...process.env, DATABASE_URL: databaseUrl, NATS_URL: natsUrl, TEST_DATABASE_URL: databaseUrl, TEST_NATS_URL: natsUrl };
if (pgUp && natsUp) {
  run('npx', ['vitest', 'run', ...extraArgs], env);
} else {
  const missing = [!pgUp && `Postgres (${new URL(databaseUrl).host})`, !natsUp && `NATS (${new URL(natsUrl).host})`].filter(Boolean).join(' and ');
  console.log(`${missing} not reachable: running the unit suites and the embedded and end-to-end suites on the embedded configuration.`);
  const { DATABASE_URL, NATS_URL, ...embeddedEnv } = env;
  run('npx', ['vitest', 'run', '--project', 'unit', '--project', 'embedded', '--project', 'e2e-embedded', ...extraArgs], embeddedEnv);
}
