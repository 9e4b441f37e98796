import { normaliseUrl } from './account-rules';
import { DEFAULT_USER_CONFIG, LIMITS, type TierDefinition, type UserConfig } from './limits';
import { isStaffName } from './reserved-names';
import { effectiveStreamingQuality } from './streaming-quality';

/** Spec §9 limits of the profile forms, and the bounds the spec leaves to the server. */
export const PROFILE_LIMITS = {
  links: 10,
  linkTitleMax: 100,
  /** The spec shows no bound for a bio; this one keeps a profile page a page. */
  bioMax: 5000,
  motdMax: 280,
  avatarMaxBytes: 2 * 1024 * 1024,
  bannerMaxBytes: 4 * 1024 * 1024,
} as const;

/** The user pages of spec §2 a profile can open on (config default_profile_view). */
export const PROFILE_VIEWS = [
  'audio', 'library', 'collections', 'followed-collections', 'comments', 'subscribers', 'subscriptions', 'history', 'links',
] as const;

export const USER_CONFIG_KEYS = Object.keys(DEFAULT_USER_CONFIG) as (keyof UserConfig)[];

/** Texts of the profile and social forms, as spec §5 and §8 word them where they do. */
export const PROFILE_MSG = {
  displayNameRequired: 'Display name is required',
  displayNameTooLong: `Display name must be ${LIMITS.displayNameMax} characters or less`,
  displayNameReserved: 'This display name is reserved',
  bioInvalid: `Bio must be text of ${PROFILE_LIMITS.bioMax} characters or less`,
  nothingToUpdate: 'Send bio, display_name or config',
  configInvalid: 'config must be an object of settings',
  unknownSetting: (key: string) => `Unknown setting: ${key}`,
  streamingQuality: 'Streaming quality must be standard, high or flac',
  profileView: `Default profile view must be one of ${PROFILE_VIEWS.join(', ')}`,
  pinnedTrack: 'Pinned track not found',
  motdTooLong: `Message of the day must be ${PROFILE_LIMITS.motdMax} characters or less`,
  booleanSetting: (key: string) => `${key} must be true or false`,
  linksInvalid: 'links must be a list of links',
  tooManyLinks: `Maximum ${PROFILE_LIMITS.links} links allowed`,
  urlRequired: 'URL cannot be empty',
  urlInvalid: 'Please enter a valid URL',
  linkTitleTooLong: `Link title must be ${PROFILE_LIMITS.linkTitleMax} characters or less`,
  onePrimaryLink: 'Only one link can be primary',
  avatarFailed: 'Avatar Upload Failed',
  bannerFailed: 'Banner Upload Failed',
  imageMissing: (part: string) => `Send the image as a file part named ${part}`,
  profileUpdated: 'Profile updated',
  linksUpdated: 'Links updated',
  avatarUpdated: 'Avatar updated',
  bannerUpdated: 'Banner updated',
  cannotSubscribeSelf: 'You cannot subscribe to yourself',
  usernameRequired: 'username is required',
  subscribed: (username: string) => `Subscribed to ${username}`,
  unsubscribed: (username: string) => `Unsubscribed from ${username}`,
} as const;

/**
 * Spec §4 quality fallback, applied to a saved configuration: flac without premium or admin
 * becomes high on core and premium, else standard; high without core becomes standard.
 */
export function configForTier(config: UserConfig, tier: Pick<TierDefinition, 'features'>): UserConfig {
  return { ...config, streaming_quality: effectiveStreamingQuality(config.streaming_quality, tier) };
}

/** The stored configuration over the defaults (a member who never saved one has the defaults). */
export function userConfigOf(stored: unknown): UserConfig {
  const known = typeof stored === 'object' && stored !== null ? (stored as Partial<UserConfig>) : {};
  return { ...DEFAULT_USER_CONFIG, ...known };
}

export interface LinkInput {
  title?: string | null;
  url: string;
  is_primary?: boolean;
}

/**
 * Spec §5 link rules for a list already checked field by field: URLs get https:// when they
 * have no scheme, blank titles become null, and exactly one link is primary (the first when
 * none is marked).
 */
export function normaliseLinks(links: readonly LinkInput[]): { title: string | null; url: string; is_primary: boolean }[] {
  const primary = Math.max(0, links.findIndex((link) => link.is_primary === true));
  return links.map((link, i) => ({
    title: link.title?.trim() || null,
    url: normaliseUrl(link.url) ?? link.url,
    is_primary: i === primary,
  }));
}

/**
 * The one display-name rule, for every path that sets one (the profile form, PATCH /v1/manage/user,
 * the profile decider): required once trimmed, at most 32 characters (spec §5), and never a name
 * that could pass for the system or the staff. Null when the name is fine, else its message.
 */
export function displayNameError(value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed) return PROFILE_MSG.displayNameRequired;
  if (trimmed.length > LIMITS.displayNameMax) return PROFILE_MSG.displayNameTooLong;
  if (isStaffName(trimmed)) return PROFILE_MSG.displayNameReserved;
  return null;
}
