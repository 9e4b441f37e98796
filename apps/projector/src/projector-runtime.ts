import type { EventBus, EventStore, LockManager, Logger } from '@stardeck/infra';
import type { Projection } from '@stardeck/domain';
import { ProjectionRunner, type RunnerOptions } from './projection-runner';

/** Runs a set of projections in this process; each one is applied by whichever process holds its lock. */
export class ProjectorRuntime {
  readonly runners: ProjectionRunner[];

  constructor(
    projections: readonly Projection[],
    store: EventStore,
    bus: EventBus,
    locks: LockManager,
    logger: Logger,
    options: RunnerOptions = {},
  ) {
    this.runners = projections.map((p) => new ProjectionRunner(p, store, bus, locks, logger.child({ projection: p.name }), options));
  }

  start(): void {
    for (const runner of this.runners) runner.start();
  }

  async stop(): Promise<void> {
    await Promise.all(this.runners.map((r) => r.stop()));
  }
}
