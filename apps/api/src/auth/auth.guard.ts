import { Inject, Injectable, createParamDecorator, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { HEADER_TOKEN_EXPIRED, MSG } from '@stardeck/contracts';
import type { Platform, UsersTable } from '@stardeck/infra';
import type { FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import { ApiError } from '../common/api-error';
import { PLATFORM } from '../platform/platform.module';
import { AccessTokenService } from './access-token.service';

export type AuthUser = Selectable<UsersTable> & { session_family: string };

type AuthedRequest = FastifyRequest & { user?: AuthUser };

/**
 * Requires a valid Bearer access token whose session family is still live. An expired token gets
 * 401 with `x-token-expired: true` so the client syncs once and retries.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly tokens: AccessTokenService,
    @Inject(PLATFORM) private readonly platform: Platform,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthedRequest>();
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw ApiError.unauthorized();
    const result = this.tokens.verify(match[1]!);
    if (!result.ok) {
      if (result.expired) throw ApiError.unauthorized(MSG.sessionExpired, 'Session Expired', { [HEADER_TOKEN_EXPIRED]: 'true' });
      throw ApiError.unauthorized();
    }
    const db = this.platform.database.db;
    const [user, live] = await Promise.all([
      db.selectFrom('users').selectAll().where('id', '=', result.claims.sub).executeTakeFirst(),
      db.selectFrom('refresh_tokens').select('id').where('family_id', '=', result.claims.fam).where('revoked_at', 'is', null).limit(1).executeTakeFirst(),
    ]);
    if (!user || !live) throw ApiError.unauthorized(MSG.sessionExpired, 'Session Expired');
    if (!user.verified_at) throw ApiError.forbidden(MSG.pendingVerification, 'Login');
    request.user = { ...user, session_family: result.claims.fam };
    return true;
  }
}

/** Admin-only routes: AuthGuard first, then the role check. */
@Injectable()
export class AdminGuard implements CanActivate {
  constructor(private readonly auth: AuthGuard) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    await this.auth.canActivate(context);
    const user = context.switchToHttp().getRequest<AuthedRequest>().user;
    if (user?.role !== 'admin') throw ApiError.forbidden();
    return true;
  }
}

export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): AuthUser => {
  const user = context.switchToHttp().getRequest<AuthedRequest>().user;
  if (!user) throw ApiError.unauthorized();
  return user;
});
