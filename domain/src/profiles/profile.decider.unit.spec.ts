import { DEFAULT_USER_CONFIG, TIERS, type ProfileEvent, type ProfileLink, type UserConfig } from '@stardeck/contracts';
import { describe, it } from 'vitest';
import { deciderSpec } from '../kit/spec-helpers';
import { ProfileErrors, profileDecider, type ProfileCommand } from './profile.decider';

const given = deciderSpec(profileDecider);
const user_id = 'u1';
const link = (id: string, url: string, is_primary = false, title: string | null = null): ProfileLink => ({ id, title, url, is_primary });
const config = (tier: keyof typeof TIERS, changes: Partial<UserConfig>): ProfileCommand =>
  ({ type: 'ChangeConfig', user_id, changes, tier: TIERS[tier] });
const configChanged = (changes: object): ProfileEvent => ({ type: 'UserConfigChanged', data: { user_id, config: { ...DEFAULT_USER_CONFIG, ...changes } } });

describe('profile decider', () => {
  it('changes the bio, trimmed, and clears it when blank', () => {
    given([]).when({ type: 'ChangeBio', user_id, bio: '  hello  ' }).then([{ type: 'ProfileBioChanged', data: { user_id, bio: 'hello' } }]);
    given([{ type: 'ProfileBioChanged', data: { user_id, bio: 'hello' } }]).when({ type: 'ChangeBio', user_id, bio: '   ' })
      .then([{ type: 'ProfileBioChanged', data: { user_id, bio: null } }]);
  });

  it('appends nothing when a save leaves the profile as it was', () => {
    given([{ type: 'ProfileBioChanged', data: { user_id, bio: 'hello' } }]).when({ type: 'ChangeBio', user_id, bio: 'hello' }).thenNothing();
    given([{ type: 'DisplayNameChanged', data: { user_id, display_name: 'Nova' } }]).when({ type: 'ChangeDisplayName', user_id, display_name: ' Nova ' }).thenNothing();
    given([]).when(config('free', { streaming_quality: 'standard' })).thenNothing();
  });

  it('takes a display name of 1 to 32 characters after trimming', () => {
    given([]).when({ type: 'ChangeDisplayName', user_id, display_name: ' Nova ' }).then([{ type: 'DisplayNameChanged', data: { user_id, display_name: 'Nova' } }]);
    given([]).when({ type: 'ChangeDisplayName', user_id, display_name: '   ' }).thenFails(ProfileErrors.displayNameInvalid);
    given([]).when({ type: 'ChangeDisplayName', user_id, display_name: 'x'.repeat(33) }).thenFails(ProfileErrors.displayNameInvalid);
    given([]).when({ type: 'ChangeDisplayName', user_id, display_name: 'x'.repeat(32) })
      .then([{ type: 'DisplayNameChanged', data: { user_id, display_name: 'x'.repeat(32) } }]);
  });

  it('merges settings over the saved ones', () => {
    given([configChanged({ motd: 'hi' })]).when(config('free', { show_profile_stats: false }))
      .then([configChanged({ motd: 'hi', show_profile_stats: false })]);
  });

  it('applies the quality fallback of the member tier (spec §4)', () => {
    given([]).when(config('free', { streaming_quality: 'flac' })).thenNothing();
    given([]).when(config('free', { streaming_quality: 'high' })).thenNothing();
    given([]).when(config('core', { streaming_quality: 'flac' })).then([configChanged({ streaming_quality: 'high' })]);
    given([]).when(config('core', { streaming_quality: 'high' })).then([configChanged({ streaming_quality: 'high' })]);
    given([]).when(config('premium', { streaming_quality: 'flac' })).then([configChanged({ streaming_quality: 'flac' })]);
    given([]).when(config('admin', { streaming_quality: 'flac' })).then([configChanged({ streaming_quality: 'flac' })]);
    // A saved choice the tier no longer allows falls back with the next save.
    given([configChanged({ streaming_quality: 'flac' })]).when(config('free', { motd: 'x' })).then([configChanged({ motd: 'x' })]);
  });

  it('replaces the links, at most 10 with exactly one primary', () => {
    const links = [link('a', 'https://a.example/', true), link('b', 'https://b.example/')];
    given([]).when({ type: 'ReplaceLinks', user_id, links }).then([{ type: 'ProfileLinksReplaced', data: { user_id, links } }]);
    given([]).when({ type: 'ReplaceLinks', user_id, links: [] }).thenNothing();
    given([]).when({ type: 'ReplaceLinks', user_id, links: [link('a', 'https://a.example/'), link('b', 'https://b.example/')] })
      .thenFails(ProfileErrors.primaryLink);
    given([]).when({ type: 'ReplaceLinks', user_id, links: [link('a', 'https://a.example/', true), link('b', 'https://b.example/', true)] })
      .thenFails(ProfileErrors.primaryLink);
    const eleven = Array.from({ length: 11 }, (_, i) => link(String(i), `https://${i}.example/`, i === 0));
    given([]).when({ type: 'ReplaceLinks', user_id, links: eleven }).thenFails(ProfileErrors.tooManyLinks);
  });

  it('does not count new link ids as a change', () => {
    const saved = [link('a', 'https://a.example/', true, 'site')];
    given([{ type: 'ProfileLinksReplaced', data: { user_id, links: saved } }])
      .when({ type: 'ReplaceLinks', user_id, links: [link('z', 'https://a.example/', true, 'site')] }).thenNothing();
  });

  it('names the image each new avatar and banner replaces', () => {
    const first: ProfileEvent = { type: 'AvatarChanged', data: { user_id, key: 'avatars/1.png', mimetype: 'image/png', previous_key: null } };
    given([]).when({ type: 'ChangeAvatar', user_id, key: 'avatars/1.png', mimetype: 'image/png' }).then([first]);
    given([first]).when({ type: 'ChangeAvatar', user_id, key: 'avatars/2.webp', mimetype: 'image/webp' })
      .then([{ type: 'AvatarChanged', data: { user_id, key: 'avatars/2.webp', mimetype: 'image/webp', previous_key: 'avatars/1.png' } }]);
    given([first]).when({ type: 'ChangeBanner', user_id, key: 'banners/1.jpg', mimetype: 'image/jpeg' })
      .then([{ type: 'BannerChanged', data: { user_id, key: 'banners/1.jpg', mimetype: 'image/jpeg', previous_key: null } }]);
  });
});
