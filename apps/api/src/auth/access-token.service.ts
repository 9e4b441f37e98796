import { Inject, Injectable } from '@nestjs/common';
import { JwtService, TokenExpiredError } from '@nestjs/jwt';
import type { Platform } from '@stardeck/infra';
import { PLATFORM } from '../platform/platform.module';

export interface AccessClaims {
  sub: string;
  /** Refresh-token family the access token was issued with; logout and reuse revoke the family. */
  fam: string;
}

export type VerifyResult = { ok: true; claims: AccessClaims } | { ok: false; expired: boolean };

/** Short-lived Bearer tokens (HS256). The refresh side lives in SessionService. */
@Injectable()
export class AccessTokenService {
  private readonly jwt: JwtService;

  constructor(@Inject(PLATFORM) private readonly platform: Platform) {
    this.jwt = new JwtService({
      secret: platform.config.jwtSecret,
      signOptions: { algorithm: 'HS256', expiresIn: platform.config.accessTokenTtlSeconds, issuer: 'stardeck' },
      verifyOptions: { algorithms: ['HS256'], issuer: 'stardeck' },
    });
  }

  sign(claims: AccessClaims): string {
    return this.jwt.sign(claims);
  }

  verify(token: string): VerifyResult {
    try {
      const claims = this.jwt.verify<AccessClaims & { exp: number }>(token);
      return { ok: true, claims: { sub: claims.sub, fam: claims.fam } };
    } catch (error) {
      return { ok: false, expired: error instanceof TokenExpiredError };
    }
  }
}
