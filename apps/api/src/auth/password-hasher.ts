import { Injectable } from '@nestjs/common';
import type { StardeckConfig } from '@stardeck/infra';
import argon2 from 'argon2';
import { InjectConfig } from '../platform/tokens';

/** argon2id with the configured cost (never below OWASP's minimum, enforced by the config loader). */
@Injectable()
export class PasswordHasher {
  private dummy: Promise<string> | null = null;

  constructor(@InjectConfig() private readonly config: StardeckConfig) {}

  hash(password: string): Promise<string> {
    return argon2.hash(password, {
      type: argon2.argon2id,
      memoryCost: this.config.argon2MemoryKib,
      timeCost: this.config.argon2TimeCost,
    });
  }

  async verify(hash: string, password: string): Promise<boolean> {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  }

  /** Spends the same time as a real check, so an unknown email is not told apart by the response time. */
  async verifyAgainstNothing(password: string): Promise<false> {
    this.dummy ??= this.hash('not-a-real-password-0');
    await this.verify(await this.dummy, password);
    return false;
  }
}
