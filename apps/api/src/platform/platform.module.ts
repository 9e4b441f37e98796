import { Global, Module, type DynamicModule } from '@nestjs/common';
import type { Platform } from '@stardeck/infra';
import { ProjectionAdmin, ALL_PROJECTIONS } from '@stardeck/projector';

/** Injection tokens for the adapters of this process; domain modules ask for these, never for concrete classes. */
export const PLATFORM = Symbol('Platform');
export const PROJECTION_ADMIN = Symbol('ProjectionAdmin');

@Global()
@Module({})
export class PlatformModule {
  static register(platform: Platform): DynamicModule {
    return {
      module: PlatformModule,
      providers: [
        { provide: PLATFORM, useValue: platform },
        {
          provide: PROJECTION_ADMIN,
          useFactory: () => new ProjectionAdmin(ALL_PROJECTIONS, platform.store, platform.bus, platform.locks, platform.logger),
        },
      ],
      exports: [PLATFORM, PROJECTION_ADMIN],
    };
  }
}
