#!/usr/bin/env node
import { SingleBar, Presets } from 'cli-progress';
import { createLogger, createPlatform, loadConfig, ConfigError } from '@stardeck/infra';
import { ProjectionAdmin, RebuildAlreadyRunning, RebuildNotFinished } from './projection-admin';
import { allProjections } from './catalogue';

const USAGE = `usage: npm run projections -- status
       npm run projections -- rebuild <name>
       npm run projections -- cancel <name>`;

async function main(argv: string[]): Promise<number> {
  const [command, name] = argv;
  if (command !== 'status' && command !== 'rebuild' && command !== 'cancel') {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig(process.env, { requireSecret: false });
  const logger = createLogger(process.env.LOG_LEVEL ?? 'warn', 'projections');
  const platform = await createPlatform(config, logger);
  const projections = allProjections(platform);
  const admin = new ProjectionAdmin(projections, platform.store, platform.bus, platform.locks, logger, { rebuildBatchSize: config.rebuildBatchSize });
  try {
    if (command === 'status') {
      const rows = await admin.status();
      console.table(rows.map((r) => ({
        projection: r.name, status: r.status, checkpoint: r.checkpoint, head: r.head, lag: r.lag,
        owner: r.owner ?? '-',
        rebuild: r.rebuild ? `${r.rebuild.done}/${r.rebuild.total} ${r.rebuild.rate} events/s eta ${r.rebuild.eta_seconds ?? '-'} s` : '-',
        'last rebuild': r.last_rebuild ? `${r.last_rebuild.done} events, ${r.last_rebuild.rate} events/s` : '-',
        'last error': r.last_error?.message ?? '-',
      })));
      return 0;
    }
    if (!name || !admin.find(name)) {
      console.error(`unknown projection "${name ?? ''}"; known: ${projections.map((p) => p.name).join(', ')}`);
      return 2;
    }
    if (command === 'cancel') {
      if (!(await admin.cancel(name))) {
        console.error(`no rebuild of ${name} is running`);
        return 1;
      }
      console.log(`rebuild of ${name} cancelled; the live read model is kept`);
      return 0;
    }
    const progress = process.stderr.isTTY ? progressBar(name) : progressLines(name);
    let ranHere = true;
    try {
      const outcome = await admin.rebuild(name, progress.update);
      ranHere = outcome.ran === 'here';
      if (!ranHere) await admin.waitUntilLive(name, progress.update);
    } catch (error) {
      progress.stop();
      if (error instanceof RebuildNotFinished || error instanceof RebuildAlreadyRunning) {
        console.error(error.message);
        return 1;
      }
      throw error;
    }
    progress.stop();
    const [row] = (await admin.status()).filter((r) => r.name === name);
    console.log(`${name} rebuilt (${ranHere ? 'in this process' : `by ${row?.owner ?? 'its owner'}`}); checkpoint ${row?.checkpoint}`);
    return 0;
  } finally {
    await platform.close();
  }
}

interface Progress {
  update(done: number, total: number): void;
  stop(): void;
}

/** Events per second since the first report, and the seconds left at that rate: what the status endpoint reports. */
function rateMeter() {
  let first: { done: number; at: number } | null = null;
  return (done: number, total: number) => {
    first ??= { done, at: Date.now() };
    const seconds = (Date.now() - first.at) / 1000;
    const rate = seconds > 0 ? (done - first.done) / seconds : 0;
    return { rate: Math.round(rate), eta: rate > 0 ? `${Math.ceil(Math.max(0, total - done) / rate)} s` : '-' };
  };
}

function progressBar(name: string): Progress {
  const bar = new SingleBar({
    format: `rebuild ${name} [{bar}] {percentage}% | {value}/{total} events | {rate} events/s | eta {eta_left}`,
  }, Presets.shades_classic);
  const meter = rateMeter();
  let started = false;
  return {
    update: (done, total) => {
      const { rate, eta } = meter(done, total);
      if (!started) bar.start(Math.max(total, 1), 0, { rate: 0, eta_left: '-' });
      started = true;
      bar.setTotal(Math.max(total, done, 1));
      bar.update(done, { rate: rate.toLocaleString('en-US'), eta_left: eta });
    },
    stop: () => started && bar.stop(),
  };
}

/** Without a terminal (CI, a pipe, a log file) the bar draws nothing, so print a line now and then. */
function progressLines(name: string, everyMs = 1000): Progress {
  const meter = rateMeter();
  let last = { done: 0, total: 0, rate: 0, eta: '-' };
  let printedAt = 0;
  const print = () => console.log(`rebuild ${name}: ${last.done}/${Math.max(last.total, last.done)} events, ${last.rate} events/s, eta ${last.eta}`);
  return {
    update: (done, total) => {
      last = { done, total, ...meter(done, total) };
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
