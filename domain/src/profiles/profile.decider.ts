import {
  DEFAULT_USER_CONFIG, PROFILE_LIMITS, USER_CONFIG_KEYS, configForTier, displayNameError, type ProfileEvent, type ProfileLink, type TierDefinition,
  type UserConfig,
} from '@stardeck/contracts';
import { DomainError, type Decider } from '../kit/decider';

interface StoredImage {
  key: string;
  mimetype: string;
}

/** Commands on a member's own profile stream; `user_id` is the member, whose stream it is. */
export type ProfileCommand =
  | { type: 'ChangeBio'; user_id: string; bio: string | null }
  | { type: 'ChangeDisplayName'; user_id: string; display_name: string }
  /** Settings left out keep their saved values; the tier decides which streaming quality is allowed. */
  | { type: 'ChangeConfig'; user_id: string; changes: Partial<UserConfig>; tier: Pick<TierDefinition, 'features'> }
  /** The whole list, already normalised (https assumed, one primary), with fresh ids. */
  | { type: 'ReplaceLinks'; user_id: string; links: ProfileLink[] }
  | ({ type: 'ChangeAvatar'; user_id: string } & StoredImage)
  | ({ type: 'ChangeBanner'; user_id: string } & StoredImage);

export interface ProfileState {
  bio: string | null;
  display_name: string | null;
  config: UserConfig;
  links: ProfileLink[];
  avatar_key: string | null;
  banner_key: string | null;
}

export const ProfileErrors = {
  displayNameInvalid: 'display_name_invalid',
  bioTooLong: 'bio_too_long',
  tooManyLinks: 'too_many_links',
  primaryLink: 'primary_link',
} as const;
export type ProfileErrorCode = (typeof ProfileErrors)[keyof typeof ProfileErrors];

const sameConfig = (a: UserConfig, b: UserConfig) => USER_CONFIG_KEYS.every((key) => a[key] === b[key]);
const linkFacts = (links: ProfileLink[]) => JSON.stringify(links.map(({ title, url, is_primary }) => [title, url, is_primary]));

/** Only what was sent: a settings object may carry its absent fields as undefined. */
function sentSettings(changes: Partial<UserConfig>): Partial<UserConfig> {
  return Object.fromEntries(Object.entries(changes).filter(([key, value]) => value !== undefined && key in DEFAULT_USER_CONFIG));
}

/**
 * A member's profile: display name, bio, settings, links, avatar and banner. A change that
 * leaves the profile as it was appends nothing, so repeating a save is harmless.
 */
export const profileDecider: Decider<ProfileCommand, ProfileEvent, ProfileState, ProfileErrorCode> = {
  initialState: () => ({ bio: null, display_name: null, config: DEFAULT_USER_CONFIG, links: [], avatar_key: null, banner_key: null }),

  decide(command, state) {
    const user_id = command.user_id;
    switch (command.type) {
      case 'ChangeBio': {
        const bio = command.bio?.trim() || null;
        if (bio && bio.length > PROFILE_LIMITS.bioMax) return new DomainError(ProfileErrors.bioTooLong, 'Bio is too long');
        return bio === state.bio ? [] : [{ type: 'ProfileBioChanged', data: { user_id, bio } }];
      }
      case 'ChangeDisplayName': {
        const displayName = command.display_name.trim();
        const invalid = displayNameError(displayName);
        if (invalid) return new DomainError(ProfileErrors.displayNameInvalid, invalid);
        return displayName === state.display_name ? [] : [{ type: 'DisplayNameChanged', data: { user_id, display_name: displayName } }];
      }
      case 'ChangeConfig': {
        const config = configForTier({ ...state.config, ...sentSettings(command.changes) }, command.tier);
        return sameConfig(config, state.config) ? [] : [{ type: 'UserConfigChanged', data: { user_id, config } }];
      }
      case 'ReplaceLinks': {
        if (command.links.length > PROFILE_LIMITS.links) return new DomainError(ProfileErrors.tooManyLinks, 'Too many links');
        const primaries = command.links.filter((link) => link.is_primary).length;
        if (command.links.length > 0 && primaries !== 1) return new DomainError(ProfileErrors.primaryLink, 'Exactly one link is primary');
        return linkFacts(command.links) === linkFacts(state.links) ? [] : [{ type: 'ProfileLinksReplaced', data: { user_id, links: command.links } }];
      }
      case 'ChangeAvatar':
        return [{ type: 'AvatarChanged', data: { user_id, key: command.key, mimetype: command.mimetype, previous_key: state.avatar_key } }];
      case 'ChangeBanner':
        return [{ type: 'BannerChanged', data: { user_id, key: command.key, mimetype: command.mimetype, previous_key: state.banner_key } }];
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'ProfileBioChanged':
        return { ...state, bio: event.data.bio };
      case 'DisplayNameChanged':
        return { ...state, display_name: event.data.display_name };
      case 'UserConfigChanged':
        return { ...state, config: event.data.config };
      case 'ProfileLinksReplaced':
        return { ...state, links: event.data.links };
      case 'AvatarChanged':
        return { ...state, avatar_key: event.data.key };
      case 'BannerChanged':
        return { ...state, banner_key: event.data.key };
      default: {
        const unknown: never = event;
        throw new Error(`unknown event ${JSON.stringify(unknown)}`);
      }
    }
  },
};
