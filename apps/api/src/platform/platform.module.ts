import { Global, Module, type DynamicModule } from '@nestjs/common';
import type { Platform } from '@stardeck/infra';
import { ProjectionAdmin, allProjections } from '@stardeck/projector';
import { TOKENS } from './tokens';

/**
 * The adapters this process runs on, each under its own token. Feature modules ask for the ports
 * they use; none of them sees which adapter is behind a port.
 */
@Global()
@Module({})
export class PlatformModule {
  static register(platform: Platform): DynamicModule {
    const providers = [
      { provide: TOKENS.config, useValue: platform.config },
      { provide: TOKENS.logger, useValue: platform.logger },
      { provide: TOKENS.database, useValue: platform.database.db },
      { provide: TOKENS.eventStore, useValue: platform.store },
      { provide: TOKENS.bus, useValue: platform.bus },
      { provide: TOKENS.signals, useValue: platform.signals },
      { provide: TOKENS.locks, useValue: platform.locks },
      { provide: TOKENS.mailer, useValue: platform.mailer },
      { provide: TOKENS.storage, useValue: platform.storage },
      { provide: TOKENS.transcodeQueue, useValue: platform.transcodeQueue },
      { provide: TOKENS.clock, useValue: platform.clock },
      { provide: TOKENS.payments, useValue: platform.payments },
      {
        provide: TOKENS.projectionAdmin,
        useFactory: () => new ProjectionAdmin(allProjections(platform), platform.store, platform.bus, platform.locks, platform.logger, {
          rebuildBatchSize: platform.config.rebuildBatchSize,
        }),
      },
    ];
    return { module: PlatformModule, providers, exports: providers.map((p) => p.provide) };
  }
}
