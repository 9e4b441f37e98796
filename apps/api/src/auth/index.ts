/** What other features may use of auth: its module, guards, the signed-in user and shared services. */
export { AuthModule } from './auth.module';
export { AdminGuard, AuthGuard, CurrentUser, type AuthUser } from './auth.guard';
export { OptionalAuthGuard, ViewerUser } from './optional-auth.guard';
export { AccountsRepository, type OneTimePurpose, type UserRow } from './accounts.repository';
export { MeService, meOf, tierOf } from './me.service';
export { LAST_SEEN_INTERVAL_MS, LastSeenService } from './last-seen.service';
export { PresenceRepository } from './presence.repository';
export { PasswordHasher } from './password-hasher';
export { RequestThrottleService } from './request-throttle.service';
export { SessionService } from './session.service';
export { SessionCheckService, type SessionCheck } from './session-check.service';
export { ThrottleService, type ThrottleRule } from './throttle.service';
export { randomInviteKey, randomToken, sha256 } from './secrets';
