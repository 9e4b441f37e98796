import { ASYNC_PROJECTIONS, INLINE_PROJECTIONS, outboxProjections, type Projection } from '@stardeck/domain';
import type { Platform } from '@stardeck/infra';

/** The ports the outboxes send through. */
type OutboxPorts = Pick<Platform, 'transcodeQueue' | 'mailer' | 'clock' | 'config' | 'signals'>;

/** What a projector process runs: the async read models and the outboxes that send work out. */
export function runnableProjections(platform: OutboxPorts): Projection[] {
  const { transcodeQueue, mailer, clock, config, signals } = platform;
  return [...ASYNC_PROJECTIONS, ...outboxProjections({ transcodeQueue, mailer, clock, signals, publicUrl: config.publicUrl })];
}

/** Every projection an admin can list and rebuild, inline ones included. */
export function allProjections(platform: OutboxPorts): Projection[] {
  return [...INLINE_PROJECTIONS, ...runnableProjections(platform)];
}
