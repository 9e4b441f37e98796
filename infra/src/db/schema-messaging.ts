import type { Generated } from 'kysely';
import type { Timestamp } from './schema-columns';

/**
 * Tables of how members talk and pay: Sonar's room history, direct messages, news, notifications,
 * contact messages and memberships. `Database` in schema.ts lists them with the rest.
 */

export interface ChatMessagesTable {
  id: number;
  room_id: string;
  author_id: string;
  content: string;
  reply_to_id: number | null;
  /** Listen along: the public track shared with the message. */
  shared_track_id: Generated<number | null>;
  system_kind: 'entered' | 'left' | null;
  created_at: Timestamp;
  edited_at: Date | null;
  deleted_at: Date | null;
  deleted_by: string | null;
  version: number;
}

export interface ConversationsTable {
  id: string;
  created_at: Timestamp;
  last_message_id: number | null;
  last_message_at: Timestamp;
  version: number;
}

export interface ConversationMembersTable {
  conversation_id: string;
  user_id: string;
  other_user_id: string;
  last_message_at: Timestamp;
  last_read_message_id: Generated<number>;
  unread_count: Generated<number>;
}

/** Direct messages waiting for each member, across their conversations (read by key). */
export interface MemberMessageCountsTable {
  user_id: string;
  unread_count: Generated<number>;
}

export interface DirectMessagesTable {
  id: number;
  conversation_id: string;
  sender_id: string;
  content: string;
  created_at: Timestamp;
}

export interface NewsPostsTable {
  id: number;
  author_id: string;
  title: string;
  content: string;
  status: 'draft' | 'published';
  visibility: 'public' | 'private';
  created_at: Timestamp;
  updated_at: Timestamp;
  published_at: Timestamp | null;
  version: number;
}

/** The Socket.IO Postgres adapter's own table (large broadcasts); no query of ours reads it. */
export interface SocketIoAttachmentsTable {
  id: Generated<number>;
  created_at: Generated<Date | null>;
  payload: Buffer | null;
}

/** Async read model: one row per notification, keyed by the id of the event that caused it. */
export interface NotificationsTable {
  id: string;
  recipient_id: string;
  action: 'comment' | 'comment_reply' | 'save_track' | 'follow_collection' | 'subscribe' | 'new_album';
  actor_id: string;
  track_id: number | null;
  comment_id: number | null;
  /** For a reply: the first comment of its thread. */
  thread_id: number | null;
  collection_id: number | null;
  album_id: number | null;
  /** Global position of the causing event: the member's order, the same after a rebuild. */
  source_position: number;
  created_at: Timestamp;
}

/** Part of the notifications model: who subscribes to whom, as of the last event it applied. */
export interface NotificationAudiencesTable {
  subject_id: string;
  subscriber_id: string;
}

/** Inline: notifications a member dismissed one by one, since their last "dismiss all". */
export interface NotificationDismissalsTable {
  user_id: string;
  notification_id: string;
}

/** Inline: per member, the log position up to which "dismiss all" dismissed everything. */
export interface NotificationClearsTable {
  user_id: string;
  through_position: number;
}

/** Contact messages to the team, for admins. */
export interface ContactMessagesTable {
  id: string;
  user_id: string;
  contact_type: string;
  email: string;
  username: string;
  message: string;
  created_at: Timestamp;
  /** When an admin first read it; the console counts the unread ones. */
  read_at: Date | null;
}

/** A member's paid membership as Stripe last reported it. */
export interface MembershipsTable {
  user_id: string;
  customer_id: string;
  subscription_id: string;
  status: string;
  plan: string | null;
  updated_at: Timestamp;
}
