import { DEFAULT_USER_CONFIG } from '@stardeck/contracts';
import { describe, expect, it } from 'vitest';
import type { UserRow } from './accounts.repository';
import { meOf } from './me.service';

const user = (overrides: Partial<UserRow> = {}): UserRow => ({
  id: 'u1', email: 'nova@example.com', username: 'Nova', slug: 'nova', display_name: null, password_hash: 'secret-hash',
  role: 'member', tier: 'free', config: {}, verified_at: new Date(), created_at: new Date(), version: 2, ...overrides,
});

describe('me', () => {
  const me = { toMe: (account: UserRow) => meOf(account, { notifications: 3, messages: 2 }) };

  it('has exactly the spec fields and never the password hash', () => {
    const result = me.toMe(user());
    expect(Object.keys(result).sort()).toEqual(
      ['config', 'display_name', 'email', 'id', 'limits', 'notification_count', 'role', 'slug', 'tier', 'unread_message_count', 'username'],
    );
    expect(JSON.stringify(result)).not.toContain('secret-hash');
    expect(result.notification_count).toBe(3);
    expect(result.unread_message_count).toBe(2);
  });

  it('follows the tier for invites and infinite mode; the admin role always has the admin tier', () => {
    expect(me.toMe(user()).tier).toEqual({ slug: 'free', features: { infinite_mode: false } });
    expect(me.toMe(user({ tier: 'core' })).limits).toEqual({ invite: 4 });
    expect(me.toMe(user({ tier: 'premium' }))).toMatchObject({ tier: { slug: 'premium', features: { infinite_mode: true } }, limits: { invite: 6 } });
    expect(me.toMe(user({ role: 'admin', tier: 'free' })).tier.slug).toBe('admin');
    expect(me.toMe(user({ tier: 'unknown' })).tier.slug).toBe('free');
  });

  it("caps an admin's own invites only by the site's setting, none by default", () => {
    expect(me.toMe(user({ role: 'admin', tier: 'admin' })).limits).toEqual({ invite: null });
    expect(meOf(user({ role: 'admin', tier: 'admin' }), { notifications: 0, messages: 0 }, 40).limits).toEqual({ invite: 40 });
    expect(meOf(user({ tier: 'premium' }), { notifications: 0, messages: 0 }, 40).limits).toEqual({ invite: 6 });
  });

  it('merges stored config over the defaults', () => {
    expect(me.toMe(user({ tier: 'core', config: { streaming_quality: 'high', motd: 'hi' } })).config).toEqual({
      ...DEFAULT_USER_CONFIG, streaming_quality: 'high', motd: 'hi',
    });
  });

  it('shows the streaming quality the tier allows today, whatever was saved under a better tier', () => {
    expect(me.toMe(user({ tier: 'free', config: { streaming_quality: 'flac' } })).config.streaming_quality).toBe('standard');
    expect(me.toMe(user({ tier: 'core', config: { streaming_quality: 'flac' } })).config.streaming_quality).toBe('high');
    expect(me.toMe(user({ tier: 'premium', config: { streaming_quality: 'flac' } })).config.streaming_quality).toBe('flac');
  });
});
