import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiTags, ApiCookieAuth } from '@nestjs/swagger';
import { HEADER_NEW_ACCESS_TOKEN, LoginDto, MSG, REFRESH_COOKIE } from '@stardeck/contracts';
import type { StardeckConfig } from '@stardeck/infra';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiEnvelope, ApiPublic } from '../common/api-docs';
import { ok } from '../common/envelope';
import { InjectConfig } from '../platform/tokens';
import { SessionService, type IssuedSession } from './session.service';

/** The refresh cookie is only ever needed by /v1/sync and /v1/logout. */
const COOKIE_PATH = '/v1';

@ApiTags('auth')
@Controller('v1')
export class SessionController {
  constructor(
    private readonly sessions: SessionService,
    @InjectConfig() private readonly config: StardeckConfig,
  ) {}

  @Post('login')
  @HttpCode(200)
  @ApiPublic()
  @ApiEnvelope('Sign in', 200, { me: true, description: 'Signed in: the access token is in x-new-access-token and the refresh cookie is set' })
  async login(@Body() dto: LoginDto, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const session = await this.sessions.login(dto, request.ip, request.cookies[REFRESH_COOKIE]);
    this.setSession(reply, session);
    return ok(undefined, { title: 'Login', description: `${session.firstSignIn ? 'Welcome' : 'Welcome back'}, ${session.me.username}` }, session.me);
  }

  @Post('sync')
  @HttpCode(200)
  @ApiCookieAuth()
  @ApiEnvelope('Renew the session from the refresh cookie', 200, { me: true, description: 'A new access token in x-new-access-token and a rotated refresh cookie' })
  async sync(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    try {
      const session = await this.sessions.sync(request.cookies[REFRESH_COOKIE]);
      this.setSession(reply, session);
      return ok(undefined, undefined, session.me);
    } catch (error) {
      // A refused cookie is useless to the browser from now on.
      void reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH });
      throw error;
    }
  }

  @Post('logout')
  @HttpCode(200)
  @ApiPublic()
  @ApiCookieAuth()
  @ApiEnvelope('Sign out: revoke the refresh cookie\'s session and clear it', 200)
  async logout(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    await this.sessions.logout(request.cookies[REFRESH_COOKIE], bearer);
    void reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH });
    return ok(undefined, { title: 'Logout', description: MSG.loggedOut });
  }

  private setSession(reply: FastifyReply, session: IssuedSession): void {
    void reply.header(HEADER_NEW_ACCESS_TOKEN, session.accessToken);
    void reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.config.publicUrl.startsWith('https:'),
      path: COOKIE_PATH,
      ...(session.cookieMaxAgeSeconds === null ? {} : { maxAge: session.cookieMaxAgeSeconds }),
    });
  }
}
