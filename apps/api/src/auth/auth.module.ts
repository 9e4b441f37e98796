import { Module } from '@nestjs/common';
import { AccessTokenService } from './access-token.service';
import { AccountsRepository } from './accounts.repository';
import { AdminGuard, AuthGuard } from './auth.guard';
import { LastSeenService } from './last-seen.service';
import { LoginThrottleService } from './login-throttle.service';
import { MeService } from './me.service';
import { OptionalAuthGuard } from './optional-auth.guard';
import { PasswordHasher } from './password-hasher';
import { PresenceRepository } from './presence.repository';
import { RequestThrottleService } from './request-throttle.service';
import { SessionCheckService } from './session-check.service';
import { SessionController } from './session.controller';
import { SessionRepository } from './session.repository';
import { SessionService } from './session.service';
import { ThrottleCountersRepository } from './throttle-counters.repository';
import { ThrottleService } from './throttle.service';

/** Signing in and out, access tokens, the guards every other module uses, and request throttles. */
@Module({
  controllers: [SessionController],
  providers: [
    AccessTokenService, AuthGuard, AdminGuard, OptionalAuthGuard, PasswordHasher, MeService, AccountsRepository,
    SessionRepository, SessionService, ThrottleCountersRepository, ThrottleService, LoginThrottleService, RequestThrottleService,
    LastSeenService, PresenceRepository, SessionCheckService,
  ],
  exports: [
    AuthGuard, AdminGuard, OptionalAuthGuard, AccessTokenService, PasswordHasher, MeService, AccountsRepository, SessionService, RequestThrottleService,
    LastSeenService, SessionCheckService, ThrottleService,
  ],
})
export class AuthModule {}
