#!/usr/bin/env node
// `npm start`: brings the compiled output up to date, then runs API, relay and projections in one
// process. With no DATABASE_URL / NATS_URL it uses embedded Postgres (PGlite), an in-process bus
// and local disk under ./data.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function step(label, command, args) {
  process.stdout.write(`${label}…\n`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// tsc -b is incremental: it only recompiles what changed.
step('compiling the server', 'npx', ['tsc', '-b']);

const webDist = join(root, 'apps/web/dist/index.html');
const webSources = [join(root, 'apps/web/src'), join(root, 'apps/web/index.html')].filter(existsSync);
const webStale = !existsSync(webDist) || webSources.some((p) => (statSync(p).isDirectory() ? newestMtime(p) : statSync(p).mtimeMs) > statSync(webDist).mtimeMs);
if (webStale) step('building the web client', 'npm', ['run', 'build', '-w', 'apps/web', '--silent']);

const server = spawn(process.execPath, [join(root, 'apps/api/dist/all-in-one.js')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
