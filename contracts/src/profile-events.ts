import type { UserConfig } from './limits';

/** A member's link as stored and shown (spec §3 Link). */
export interface ProfileLink {
  id: string;
  title: string | null;
  url: string;
  is_primary: boolean;
}

/** Every profile event names the member it belongs to; the stream is `profile-{user_id}`. */
export interface ProfileBioChanged { type: 'ProfileBioChanged'; data: { user_id: string; bio: string | null } }
export interface DisplayNameChanged { type: 'DisplayNameChanged'; data: { user_id: string; display_name: string } }
/** The whole configuration after the change, with the tier's quality fallback already applied. */
export interface UserConfigChanged { type: 'UserConfigChanged'; data: { user_id: string; config: UserConfig } }
export interface ProfileLinksReplaced { type: 'ProfileLinksReplaced'; data: { user_id: string; links: ProfileLink[] } }
/** A new stored image; `previous_key` is the image it replaces, removed from storage once this commits. */
export interface AvatarChanged { type: 'AvatarChanged'; data: { user_id: string; key: string; mimetype: string; previous_key: string | null } }
export interface BannerChanged { type: 'BannerChanged'; data: { user_id: string; key: string; mimetype: string; previous_key: string | null } }

/** One member follows another: both parties are in the payload, for notifications and the stream. */
export interface UserSubscribed { type: 'UserSubscribed'; data: { subscriber_id: string; subject_id: string } }
export interface UserUnsubscribed { type: 'UserUnsubscribed'; data: { subscriber_id: string; subject_id: string } }

export type ProfileEvent = ProfileBioChanged | DisplayNameChanged | UserConfigChanged | ProfileLinksReplaced | AvatarChanged | BannerChanged;
export type SubscriptionEvent = UserSubscribed | UserUnsubscribed;

export const profileStreamIds = {
  profile: (userId: string) => `profile-${userId}`,
  /**
   * One stream per (subscriber, subject) pair: two requests that both saw "not subscribed" race
   * for the same stream version, so a double subscription cannot be appended.
   */
  subscription: (subscriberId: string, subjectId: string) => `subscription-${subscriberId}-${subjectId}`,
};
