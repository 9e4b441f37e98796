import { createSecretKey } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { JwtService, TokenExpiredError } from '@nestjs/jwt';
import type { StardeckConfig } from '@stardeck/infra';
import { InjectConfig } from '../platform/tokens';

export interface AccessClaims {
  sub: string;
  /** Refresh-token family the access token was issued with; logout and reuse revoke the family. */
  fam: string;
}

export type VerifyResult = { ok: true; claims: AccessClaims; expiresAt: Date } | { ok: false; expired: boolean };

/** Short-lived Bearer tokens (HS256). The refresh side lives in SessionService. */
@Injectable()
export class AccessTokenService {
  private readonly jwt: JwtService;

  constructor(@InjectConfig() config: StardeckConfig) {
    this.jwt = new JwtService({
      // A key object, made once: given the secret as a string, jsonwebtoken first tries to read it as
      // a PEM public key on every sign and verify, and that failed attempt cost more than the HMAC.
      secret: createSecretKey(Buffer.from(config.jwtSecret, 'utf8')),
      signOptions: { algorithm: 'HS256', expiresIn: config.accessTokenTtlSeconds, issuer: 'stardeck' },
      verifyOptions: { algorithms: ['HS256'], issuer: 'stardeck' },
    });
  }

  sign(claims: AccessClaims): string {
    return this.jwt.sign(claims);
  }

  verify(token: string): VerifyResult {
    try {
      const claims = this.jwt.verify<AccessClaims & { exp: number }>(token);
      return { ok: true, claims: { sub: claims.sub, fam: claims.fam }, expiresAt: new Date(claims.exp * 1000) };
    } catch (error) {
      return { ok: false, expired: error instanceof TokenExpiredError };
    }
  }
}
