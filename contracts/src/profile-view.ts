import type { ProfileLink } from './profile-events';

/**
 * Spec §3 User summary: how a member appears in every list (subscribers, explore, an invite's
 * sender…). `bio` and `last_seen` are added where members are discovered (the users list).
 */
export interface UserSummary {
  id: string;
  username: string;
  display_name: string | null;
  slug: string;
  avatar: string | null;
  joined_at: string;
  /** Tracks of this member listed to the viewer. */
  audio_count: number;
  subscriber_count: number;
  /** Whether the viewer subscribes to this member (false for visitors and for oneself). */
  is_subscribed: boolean;
  bio?: string | null;
  last_seen?: string | null;
}

export interface ProfileStats {
  audio_count: number;
  library_count: number;
  comments_count: number;
  subscriber_count: number;
  subscription_count: number;
}

export interface ProfileLimits {
  /** Largest audio file one track may be, in bytes. */
  track: number;
  /** Invites the member's tier allows. */
  invite: number | null;
  /** Storage the member's tier allows, in bytes. */
  storage: number;
}

/** Spec §3 User profile. */
export interface UserProfile {
  id: string;
  username: string;
  slug: string;
  avatar: string | null;
  banner: string | null;
  bio: string | null;
  display_name: string | null;
  created: string;
  links: ProfileLink[];
  /** The track the member pins to the top of their profile (config pinned_track_id); null when the viewer may not open it. */
  pinned_track_id: number | null;
  /** Null when the member hides their stats from others (config show_profile_stats). */
  stats: ProfileStats | null;
  is_subscribed: boolean;
  /** Bytes in use; null unless the viewer is the member or the member shows it (config show_storage_usage). */
  storage_used: number | null;
  limits: ProfileLimits | null;
  /** Whether the viewer has a direct-message conversation with this member. */
  has_conversation: boolean;
}

export const USER_SORT_KEYS = ['signup', 'last_seen', 'username', 'followers_count', 'random'] as const;
export type UserSortKey = (typeof USER_SORT_KEYS)[number];
