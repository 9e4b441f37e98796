import { ConfigError, createLogger, createPlatform, loadConfig, runProcess, startHealthServer, type RunningProcess } from '@stardeck/infra';
import { runnableProjections } from './catalogue';
import { ProjectorRuntime } from './projector-runtime';

/** The projector process on its own: PROJECTIONS=a,b runs a subset (default: all). */
async function main(): Promise<RunningProcess> {
  const config = loadConfig(process.env, { requireServices: true, requireSecret: false });
  const logger = createLogger(config.logLevel, 'projector');
  const wanted = process.env.PROJECTIONS?.split(',').map((s) => s.trim()).filter(Boolean);
  const platform = await createPlatform(config, logger);
  const runnable = runnableProjections(platform);
  const unknown = wanted?.filter((name) => !runnable.some((p) => p.name === name)) ?? [];
  if (unknown.length) {
    await platform.close();
    throw new ConfigError([`PROJECTIONS names unknown projections: ${unknown.join(', ')} (known: ${runnable.map((p) => p.name).join(', ')})`]);
  }
  const projections = runnable.filter((p) => !wanted || wanted.includes(p.name));
  const runtime = new ProjectorRuntime(projections, platform.store, platform.bus, platform.locks, logger, { rebuildBatchSize: config.rebuildBatchSize });
  runtime.start();
  const health = config.healthPort ? await startHealthServer(platform, config.healthPort) : null;
  logger.info({ projections: projections.map((p) => p.name), healthPort: config.healthPort }, 'projector started');
  return {
    logger,
    stop: async () => {
      await health?.close();
      await runtime.stop();
      await platform.close();
    },
  };
}

runProcess(main);
