#!/usr/bin/env node
import { SingleBar, Presets } from 'cli-progress';
import { createLogger, createPlatform, loadConfig, ConfigError } from '@stardeck/infra';
import { ProjectionAdmin } from './projection-admin';
import { allProjections } from './catalogue';

const USAGE = `usage: npm run projections -- status
       npm run projections -- rebuild <name>`;

async function main(argv: string[]): Promise<number> {
  const [command, name] = argv;
  if (command !== 'status' && command !== 'rebuild') {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig(process.env, { requireSecret: false });
  const logger = createLogger(process.env.LOG_LEVEL ?? 'warn', 'projections');
  const platform = await createPlatform(config, logger);
  const projections = allProjections(platform);
  const admin = new ProjectionAdmin(projections, platform.store, platform.bus, platform.locks, logger);
  try {
    if (command === 'status') {
      const rows = await admin.status();
      console.table(rows.map((r) => ({
        projection: r.name, status: r.status, checkpoint: r.checkpoint, head: r.head, lag: r.lag,
        owner: r.owner ?? '-', rebuild: r.rebuild ? `${r.rebuild.done}/${r.rebuild.total}` : '-',
      })));
      return 0;
    }
    if (!name || !admin.find(name)) {
      console.error(`unknown projection "${name ?? ''}"; known: ${projections.map((p) => p.name).join(', ')}`);
      return 2;
    }
    const progress = process.stderr.isTTY ? progressBar(name) : progressLines(name);
    const outcome = await admin.rebuild(name, progress.update);
    if (outcome.ran === 'owner') await admin.waitUntilLive(name, progress.update);
    progress.stop();
    const [row] = (await admin.status()).filter((r) => r.name === name);
    console.log(`${name} rebuilt (${outcome.ran === 'here' ? 'in this process' : `by ${row?.owner ?? 'its owner'}`}); checkpoint ${row?.checkpoint}`);
    return 0;
  } finally {
    await platform.close();
  }
}

interface Progress {
  update(done: number, total: number): void;
  stop(): void;
}

function progressBar(name: string): Progress {
  const bar = new SingleBar({ format: `rebuild ${name} [{bar}] {percentage}% | {value}/{total} events | {eta_formatted}` }, Presets.shades_classic);
  let started = false;
  return {
    update: (done, total) => {
      if (!started) bar.start(Math.max(total, 1), 0);
      started = true;
      bar.setTotal(Math.max(total, done, 1));
      bar.update(done);
    },
    stop: () => started && bar.stop(),
  };
}

/** Without a terminal (CI, a pipe, a log file) the bar draws nothing, so print a line now and then. */
function progressLines(name: string, everyMs = 1000): Progress {
  let last = { done: 0, total: 0 };
  let printedAt = 0;
  const print = () => console.log(`rebuild ${name}: ${last.done}/${Math.max(last.total, last.done)} events`);
  return {
    update: (done, total) => {
      last = { done, total };
      if (Date.now() - printedAt >= everyMs) {
        printedAt = Date.now();
        print();
      }
    },
    stop: () => print(),
  };
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof ConfigError ? error.message : `projections: ${(error as Error).message}`);
    process.exit(1);
  },
);
