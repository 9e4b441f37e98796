import { Module, type DynamicModule } from '@nestjs/common';
import type { Platform } from '@stardeck/infra';
import { AdminProjectionsController } from './admin/admin-projections.controller';
import { AccessTokenService } from './auth/access-token.service';
import { AdminGuard, AuthGuard } from './auth/auth.guard';
import { HealthController } from './health/health.controller';
import { PlatformModule } from './platform/platform.module';

@Module({})
export class AppModule {
  static register(platform: Platform): DynamicModule {
    return {
      module: AppModule,
      imports: [PlatformModule.register(platform)],
      controllers: [HealthController, AdminProjectionsController],
      providers: [AccessTokenService, AuthGuard, AdminGuard],
    };
  }
}
