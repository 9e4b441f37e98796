import { ConfigError, createLogger, createPlatform, loadConfig, runProcess } from '@stardeck/infra';
import { ALL_PROJECTIONS, TRANSCODE_DISPATCH, transcodeDispatchProjection } from './projections';
import { ProjectorRuntime } from './projector-runtime';

/** The projector process on its own: PROJECTIONS=a,b runs a subset (default: all). */
async function main(): Promise<{ stop(): Promise<void> }> {
  const config = loadConfig(process.env, { requireServices: true, requireSecret: false });
  const logger = createLogger(config.logLevel, 'projector');
  const wanted = process.env.PROJECTIONS?.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = wanted?.filter((name) => name !== TRANSCODE_DISPATCH && !ALL_PROJECTIONS.some((p) => p.name === name)) ?? [];
  if (unknown.length) throw new ConfigError([`PROJECTIONS names unknown projections: ${unknown.join(', ')}`]);
  const platform = await createPlatform(config, logger);
  // The transcode dispatcher follows the log like a projection but needs this process's queue.
  const projections = [...ALL_PROJECTIONS, transcodeDispatchProjection(platform.transcodeQueue)]
    .filter((p) => !wanted || wanted.includes(p.name));
  const runtime = new ProjectorRuntime(projections, platform.store, platform.bus, platform.locks, logger);
  runtime.start();
  logger.info({ projections: projections.map((p) => p.name) }, 'projector started');
  return {
    stop: async () => {
      await runtime.stop();
      await platform.close();
    },
  };
}

runProcess(main);
