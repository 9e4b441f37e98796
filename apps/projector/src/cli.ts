#!/usr/bin/env node
import { SingleBar, Presets } from 'cli-progress';
import { createLogger, createPlatform, loadConfig, ConfigError } from '@stardeck/infra';
import { ProjectionAdmin } from './projection-admin';
import { ALL_PROJECTIONS } from './projections';

const USAGE = `usage: npm run projections -- status
       npm run projections -- rebuild <name>`;

async function main(argv: string[]): Promise<number> {
  const [command, name] = argv;
  if (command !== 'status' && command !== 'rebuild') {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const logger = createLogger(process.env.LOG_LEVEL ?? 'warn', 'projections');
  const platform = await createPlatform(config, logger);
  const admin = new ProjectionAdmin(ALL_PROJECTIONS, platform.store, platform.bus, platform.locks, logger);
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
      console.error(`unknown projection "${name ?? ''}"; known: ${ALL_PROJECTIONS.map((p) => p.name).join(', ')}`);
      return 2;
    }
    const bar = new SingleBar({ format: `rebuild ${name} [{bar}] {percentage}% | {value}/{total} events | {eta_formatted}` }, Presets.shades_classic);
    let started = false;
    const progress = (done: number, total: number) => {
      if (!started) {
        bar.start(Math.max(total, 1), 0);
        started = true;
      }
      bar.setTotal(Math.max(total, done, 1));
      bar.update(done);
    };
    const outcome = await admin.rebuild(name, progress);
    if (outcome.ran === 'owner') await admin.waitUntilLive(name, progress);
    if (started) bar.stop();
    const [row] = (await admin.status()).filter((r) => r.name === name);
    console.log(`${name} rebuilt (${outcome.ran === 'here' ? 'in this process' : `by ${row?.owner ?? 'its owner'}`}); checkpoint ${row?.checkpoint}`);
    return 0;
  } finally {
    await platform.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof ConfigError ? error.message : `projections: ${(error as Error).message}`);
    process.exit(1);
  },
);
