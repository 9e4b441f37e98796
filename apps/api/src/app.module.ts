import { Module, type DynamicModule } from '@nestjs/common';
import type { Platform } from '@stardeck/infra';
import { AccessRequestsController } from './access-requests/access-requests.controller';
import { AccessRequestsRepository } from './access-requests/access-requests.repository';
import { AccessRequestsService } from './access-requests/access-requests.service';
import { AdminMailController } from './admin/admin-mail.controller';
import { AdminProjectionsController } from './admin/admin-projections.controller';
import { AccessTokenService } from './auth/access-token.service';
import { AccountMailService } from './auth/account-mail.service';
import { AccountsController } from './auth/accounts.controller';
import { AccountsRepository } from './auth/accounts.repository';
import { AccountsService } from './auth/accounts.service';
import { AdminBootstrapService } from './auth/admin-bootstrap.service';
import { AdminGuard, AuthGuard } from './auth/auth.guard';
import { LoginThrottleRepository } from './auth/login-throttle.repository';
import { LoginThrottleService } from './auth/login-throttle.service';
import { RequestThrottleService } from './auth/request-throttle.service';
import { MeService } from './auth/me.service';
import { PasswordHasher } from './auth/password-hasher';
import { SessionController } from './auth/session.controller';
import { SessionRepository } from './auth/session.repository';
import { SessionService } from './auth/session.service';
import { HealthController } from './health/health.controller';
import { InvitesController } from './invites/invites.controller';
import { InvitesRepository } from './invites/invites.repository';
import { InvitesService } from './invites/invites.service';
import { PlatformModule } from './platform/platform.module';
import { TRACKS_CONTROLLERS, TRACKS_PROVIDERS } from './tracks/tracks.providers';
import { StorageController } from './storage/storage.controller';

@Module({})
export class AppModule {
  static register(platform: Platform): DynamicModule {
    return {
      module: AppModule,
      imports: [PlatformModule.register(platform)],
      controllers: [
        HealthController, AdminProjectionsController, AdminMailController,
        SessionController, AccountsController, InvitesController, AccessRequestsController,
        StorageController,
        ...TRACKS_CONTROLLERS,
      ],
      providers: [
        AccessTokenService, AuthGuard, AdminGuard,
        PasswordHasher, MeService, AccountMailService,
        SessionRepository, SessionService, LoginThrottleRepository, LoginThrottleService, RequestThrottleService,
        AccountsRepository, AccountsService, AdminBootstrapService,
        InvitesRepository, InvitesService,
        AccessRequestsRepository, AccessRequestsService,
        ...TRACKS_PROVIDERS,
      ],
    };
  }
}
