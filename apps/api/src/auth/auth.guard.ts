import { Injectable, createParamDecorator, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { HEADER_TOKEN_EXPIRED, MSG } from '@stardeck/contracts';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../common/api-error';
import { missingRoute } from '../common/missing-route';
import { requestContext } from '../common/request-context';
import type { UserRow } from './accounts.repository';
import { LastSeenService } from './last-seen.service';
import { SessionCheckService } from './session-check.service';

export type AuthUser = UserRow & { session_family: string };

type AuthedRequest = FastifyRequest & { user?: AuthUser };

/**
 * Requires a valid Bearer access token whose session family is still live. An expired token gets
 * 401 with `x-token-expired: true` so the client syncs once and retries.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly sessions: SessionCheckService,
    private readonly lastSeen: LastSeenService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthedRequest>();
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw ApiError.unauthorized();
    const result = await this.sessions.check(match[1]!);
    if (!result.ok) {
      switch (result.reason) {
        case 'expired': throw ApiError.unauthorized(MSG.sessionExpired, 'Session Expired', { [HEADER_TOKEN_EXPIRED]: 'true' });
        case 'ended': throw ApiError.unauthorized(MSG.sessionExpired, 'Session Expired');
        case 'unverified': throw ApiError.forbidden(MSG.pendingVerification, 'Login');
        default: throw ApiError.unauthorized();
      }
    }
    const user = result.user;
    request.user = { ...user, session_family: result.family };
    requestContext.setActor(user.id);
    await this.lastSeen.seen(user.id);
    return true;
  }
}

/**
 * Admin-only routes: AuthGuard first (a visitor gets its 401), then the role check. A member is
 * answered exactly as for a path that does not exist, so admin routes cannot be probed.
 */
@Injectable()
export class AdminGuard implements CanActivate {
  constructor(private readonly auth: AuthGuard) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    await this.auth.canActivate(context);
    const request = context.switchToHttp().getRequest<AuthedRequest>();
    if (request.user?.role !== 'admin') throw missingRoute(request.method, request.url);
    return true;
  }
}

export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): AuthUser => {
  const user = context.switchToHttp().getRequest<AuthedRequest>().user;
  if (!user) throw ApiError.unauthorized();
  return user;
});
