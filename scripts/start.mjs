#!/usr/bin/env node
// `npm start`: brings the compiled output up to date, then runs API, relay and projections in this
// very process. With no DATABASE_URL / NATS_URL it uses embedded Postgres (PGlite), an in-process
// bus and local disk under ./data.
//
// The server runs here rather than in a child so that a stop signal has one process to reach: the
// npm script execs this file (npm's script shell would otherwise die of the signal and leave its
// child running), and the server's own process runner then stops everything and logs it.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = new URL('..', import.meta.url).pathname;

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * Runs one build step's Node script directly (no npx or npm run, whose shells would not pass a
 * signal on). A stop signal meanwhile ends the step, and a failed step ends `npm start`.
 */
function step(label, script, args, cwd = root) {
  process.stdout.write(`${label}…\n`);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...args], { cwd, stdio: 'inherit' });
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward).on('SIGTERM', forward);
    child.on('exit', (code) => {
      process.off('SIGINT', forward).off('SIGTERM', forward);
      if (code !== 0) process.exit(code ?? 1);
      resolve();
    });
  });
}

// tsc -b is incremental: it only recompiles what changed.
const require = createRequire(import.meta.url);
await step('compiling the server', require.resolve('typescript/bin/tsc'), ['-b']);

const webDir = join(root, 'apps/web');
const webDist = join(webDir, 'dist/index.html');
const webSources = [join(webDir, 'src'), join(webDir, 'index.html')].filter(existsSync);
const webStale = !existsSync(webDist) || webSources.some((p) => (statSync(p).isDirectory() ? newestMtime(p) : statSync(p).mtimeMs) > statSync(webDist).mtimeMs);
if (webStale) {
  const vite = dirname(createRequire(join(webDir, 'package.json')).resolve('vite/package.json'));
  await step('building the web client', join(vite, 'bin/vite.js'), ['build'], webDir);
}

await import(pathToFileURL(join(root, 'apps/api/dist/all-in-one.js')).href);
