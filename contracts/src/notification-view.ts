import { MEMBER_CEILINGS } from './limits';

/** What each kind of notification tells its member (spec §3 Notification `action`). */
export const NOTIFICATION_ACTIONS = ['comment', 'comment_reply', 'save_track', 'follow_collection', 'subscribe', 'new_album'] as const;
export type NotificationAction = (typeof NOTIFICATION_ACTIONS)[number];

/** Who acted: the card of spec §3 Notification `actor`. */
export interface NotificationActorView {
  id: string;
  username: string;
  display_name: string | null;
  slug: string;
  avatar: string | null;
}

export interface NotificationTrackView {
  id: number;
  title: string;
  slug: string;
  /** The track owner's. */
  username: string;
  display_name: string | null;
}

export interface NotificationCommentView {
  id: number;
  text: string;
  track_id: number;
}

export interface NotificationCollectionView {
  id: number;
  name: string;
  slug: string;
}

/** A member one subscribes to put out this album (`new_album`). */
export interface NotificationAlbumView {
  id: number;
  title: string;
  slug: string;
  /** The album owner's. */
  username: string;
}

/**
 * What the notification is about, for clients that show it without the track or collection
 * (spec §3: for comment_reply without a track, these stand in for it). Empty for a subscription.
 */
export interface NotificationMetadata {
  resource_type?: 'track' | 'collection' | 'album';
  resource_id?: number;
  resource_title?: string;
  resource_username?: string;
}

/** The Notification of spec §3. */
export interface NotificationView {
  id: string;
  action: NotificationAction;
  created: string;
  actor: NotificationActorView;
  metadata: NotificationMetadata;
  track: NotificationTrackView | null;
  /** The comment or reply that was posted. */
  comment: NotificationCommentView | null;
  /** For a reply: the first comment of its thread, the one that was answered. */
  comment_thread: NotificationCommentView | null;
  collection: NotificationCollectionView | null;
  album: NotificationAlbumView | null;
}

/**
 * The live channel (one Socket.IO connection per tab, the access token in the handshake's
 * `auth.token`). `notification` brings a new one with the member's unread count; `notification_count`
 * only the count, after a dismissal made elsewhere. Both carry what GET /v1/notifications would show.
 */
export const REALTIME_EVENTS = {
  notification: 'notification',
  notificationCount: 'notification_count',
  /** A direct message to the member arrived (DirectMessagePush): the header's badge and a toast. */
  directMessage: 'direct_message',
  /** The member's unread direct messages changed otherwise (read in another tab): DirectMessageCountPush. */
  directMessageCount: 'direct_message_count',
  /** Sent just before the server ends a connection whose sign-in expired or ended. */
  sessionEnded: 'session_ended',
} as const;

export interface NotificationPush {
  notification: NotificationView;
  notification_count: number;
}

export interface NotificationCountPush {
  notification_count: number;
}

/** Why a connection was refused (`connect_error` message) or ended (`session_ended` reason). */
export const REALTIME_AUTH_ERRORS = {
  missing: 'authentication required',
  invalid: 'invalid token',
  expired: 'token expired',
  ended: 'session ended',
  /** A member holds MEMBER_CEILINGS.socketsPerMember sockets on this channel already. */
  tooMany: `Too many open connections: at most ${MEMBER_CEILINGS.socketsPerMember} per member. Close another tab and try again.`,
} as const;
