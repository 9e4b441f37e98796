import { connectPglite, migrateToLatest, type Clock, type DbHandle } from '@stardeck/infra';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LastSeenService } from './last-seen.service';
import { PresenceRepository } from './presence.repository';

const MEMBER = '00000000-0000-4000-8000-0000000000c1';
const START = Date.parse('2026-03-01T12:00:00Z');

describe('last seen', () => {
  let handle: DbHandle;
  const clock: Clock & { at: number } = { at: START, now() { return new Date(this.at); } };
  const presence = new PresenceRepository();

  beforeAll(async () => {
    handle = await connectPglite(null);
    await migrateToLatest(handle.db);
    await handle.db.insertInto('users').values({
      id: MEMBER, email: 'm@example.com', username: 'member', slug: 'member', password_hash: 'x', role: 'member', tier: 'free',
      verified_at: new Date(START), created_at: new Date(START), version: 1,
    }).execute();
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('moves on at most once a minute, even across API processes', async () => {
    const processA = new LastSeenService(handle.db, clock, presence);
    const processB = new LastSeenService(handle.db, clock, presence);
    const lastSeen = async () => (await presence.lastSeen(handle.db, MEMBER))?.toISOString();

    await processA.seen(MEMBER);
    expect(await lastSeen()).toBe(new Date(START).toISOString());
    clock.at = START + 30_000;
    await processA.seen(MEMBER);
    await processB.seen(MEMBER);
    expect(await lastSeen()).toBe(new Date(START).toISOString());
    clock.at = START + 61_000;
    await processB.seen(MEMBER);
    expect(await lastSeen()).toBe(new Date(START + 61_000).toISOString());
  });
});
