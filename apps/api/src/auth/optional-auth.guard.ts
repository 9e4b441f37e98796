import { Injectable, createParamDecorator, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { AuthGuard, type AuthUser } from './auth.guard';

/**
 * Public reads that answer more to a signed-in member (their own private tracks): a request with
 * a Bearer token is checked exactly like AuthGuard does (so an expired token still gets its 401
 * hint); one without is let through as a visitor.
 */
@Injectable()
export class OptionalAuthGuard implements CanActivate {
  constructor(private readonly auth: AuthGuard) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (!request.headers.authorization) return true;
    return this.auth.canActivate(context);
  }
}

/** The signed-in member, or null for a visitor (with OptionalAuthGuard). */
export const ViewerUser = createParamDecorator((_data: unknown, context: ExecutionContext): AuthUser | null =>
  context.switchToHttp().getRequest<FastifyRequest & { user?: AuthUser }>().user ?? null);
