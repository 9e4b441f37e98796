import { Injectable } from '@nestjs/common';
import type { Clock, Db } from '@stardeck/infra';
import { InjectClock, InjectDatabase } from '../platform/tokens';
import { PresenceRepository } from './presence.repository';

/** How stale a member's last-seen time may get: writes happen at most this often per member. */
export const LAST_SEEN_INTERVAL_MS = 60_000;
/** Past this many remembered members, the ones written long enough ago are forgotten. */
const REMEMBERED_MAX = 10_000;

/**
 * Keeps `last_seen` up to date from authenticated requests. It is operational state, not an
 * event: it changes on nearly every visit, nothing is decided on its history, and an event per
 * visit would fill the log and every projector with noise. A member's time is written at most
 * once a minute, whichever API process serves the member.
 */
@Injectable()
export class LastSeenService {
  private readonly written = new Map<string, number>();

  constructor(
    @InjectDatabase() private readonly db: Db,
    @InjectClock() private readonly clock: Clock,
    private readonly presence: PresenceRepository,
  ) {}

  async seen(userId: string): Promise<void> {
    const now = this.clock.now();
    const last = this.written.get(userId);
    if (last !== undefined && now.getTime() - last < LAST_SEEN_INTERVAL_MS) return;
    this.written.set(userId, now.getTime());
    if (this.written.size > REMEMBERED_MAX) this.forgetOlderThan(now.getTime() - LAST_SEEN_INTERVAL_MS);
    // Another process may have written it lately: the next write is due a minute after that one.
    const stored = await this.presence.touch(this.db, userId, now, LAST_SEEN_INTERVAL_MS);
    this.written.set(userId, Math.min(stored.getTime(), now.getTime()));
  }

  private forgetOlderThan(cutoff: number): void {
    for (const [userId, at] of this.written) if (at < cutoff) this.written.delete(userId);
  }
}
