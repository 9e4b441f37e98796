import { DEFAULT_USER_CONFIG } from '@stardeck/contracts';
import { describe, it } from 'vitest';
import { projectionSpec, type SpecEvent } from '../../kit/spec-helpers';
import { usersProjection } from '../users/users.projection';
import { profilesProjection } from './profiles.projection';

const given = projectionSpec(profilesProjection, { alongside: [usersProjection] });

const NOVA = '00000000-0000-4000-8000-00000000000a';
const VEGA = '00000000-0000-4000-8000-00000000000b';
const registered = (user_id: string, username: string): SpecEvent => ({
  type: 'AccountRegistered',
  stream_id: `user-${user_id}`,
  stream_version: 1,
  data: { user_id, email: `${username}@example.com`, username, slug: username, password_hash: 'hash', role: 'member', tier: 'free', invite_id: null },
});
const onProfile = (user_id: string, version: number, event: Omit<SpecEvent, 'stream_id' | 'stream_version'>): SpecEvent =>
  ({ ...event, stream_id: `profile-${user_id}`, stream_version: version });

describe('profiles projection', () => {
  it('has no row for a member who never changed their profile', async () => {
    await given(registered(NOVA, 'nova')).then('profiles', []);
  });

  it('keeps the latest of each field, and the stream version', async () => {
    const link = { id: 'l1', title: null, url: 'https://nova.example/', is_primary: true };
    const config = { ...DEFAULT_USER_CONFIG, motd: 'hello' };
    await given(
      registered(NOVA, 'nova'),
      onProfile(NOVA, 1, { type: 'DisplayNameChanged', data: { user_id: NOVA, display_name: 'Nova' } }),
      onProfile(NOVA, 2, { type: 'ProfileBioChanged', data: { user_id: NOVA, bio: 'first' } }),
      onProfile(NOVA, 3, { type: 'ProfileBioChanged', data: { user_id: NOVA, bio: 'second' } }),
      onProfile(NOVA, 4, { type: 'UserConfigChanged', data: { user_id: NOVA, config } }),
      onProfile(NOVA, 5, { type: 'ProfileLinksReplaced', data: { user_id: NOVA, links: [link] } }),
      onProfile(NOVA, 6, { type: 'AvatarChanged', data: { user_id: NOVA, key: 'avatars/a.png', mimetype: 'image/png', previous_key: null } }),
      onProfile(NOVA, 7, { type: 'BannerChanged', data: { user_id: NOVA, key: 'banners/b.jpg', mimetype: 'image/jpeg', previous_key: null } }),
    ).then('profiles', [{
      user_id: NOVA, display_name: 'Nova', bio: 'second', config, links: [link],
      avatar_key: 'avatars/a.png', avatar_mimetype: 'image/png', banner_key: 'banners/b.jpg', banner_mimetype: 'image/jpeg', version: 7,
    }]);
  });

  it('keeps each member to their own row', async () => {
    await given(
      registered(NOVA, 'nova'),
      registered(VEGA, 'vega'),
      onProfile(NOVA, 1, { type: 'ProfileBioChanged', data: { user_id: NOVA, bio: 'nova bio' } }),
      onProfile(VEGA, 1, { type: 'DisplayNameChanged', data: { user_id: VEGA, display_name: 'Vega' } }),
      onProfile(NOVA, 2, { type: 'AvatarChanged', data: { user_id: NOVA, key: 'avatars/n.png', mimetype: 'image/png', previous_key: null } }),
      onProfile(NOVA, 3, { type: 'AvatarChanged', data: { user_id: NOVA, key: 'avatars/n2.gif', mimetype: 'image/gif', previous_key: 'avatars/n.png' } }),
    ).then('profiles', [
      { user_id: NOVA, display_name: null, bio: 'nova bio', avatar_key: 'avatars/n2.gif', avatar_mimetype: 'image/gif', config: {}, links: [], version: 3 },
      { user_id: VEGA, display_name: 'Vega', bio: null, avatar_key: null, version: 1 },
    ]);
  });
});
