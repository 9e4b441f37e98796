import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './schema-columns';
import type {
  ChatMessagesTable, ContactMessagesTable, ConversationMembersTable, ConversationsTable, DirectMessagesTable, MemberMessageCountsTable,
  MembershipsTable, NewsPostsTable, NotificationClearsTable, NotificationAudiencesTable, NotificationDismissalsTable, NotificationsTable, SocketIoAttachmentsTable,
} from './schema-messaging';
import type {
  MemberTrackCountsTable, TagArtistCountsTable, TagUsageArtistsTable, TagUsageCountsTable, TagUsageTotalsTable, TagUsageTracksTable,
  SubscriptionCountsTable, TrackCommentCountsTable, TrackPlayCountsTable, TrackSaveCountsTable, TrackTotalsTable, TrackWaveformsTable,
} from './schema-counts';

export type * from './schema-messaging';
export type * from './schema-counts';

/** The append-only log: the source of truth. */
export interface EventsTable {
  global_position: Generated<number>;
  /** xid8 of the appending transaction, as text; readers order by (transaction_id, global_position). */
  transaction_id: Generated<string>;
  stream_id: string;
  stream_version: number;
  type: string;
  schema_version: number;
  data: ColumnType<Record<string, unknown>, string, string>;
  metadata: ColumnType<Record<string, unknown>, string, string>;
  event_id: string;
  recorded_at: Generated<Date>;
}

export interface RelayStateTable {
  id: number;
  last_xid: string;
  last_position: number;
  updated_at: Timestamp;
}

export interface ProjectionCheckpointsTable {
  name: string;
  last_xid: string;
  last_position: number;
  status: 'live' | 'rebuilding' | 'rebuild_requested';
  rebuild_total: number | null;
  rebuild_done: number | null;
  /** How far a rebuild's shadow copy has read the log (the live model keeps its own checkpoint). */
  rebuild_last_xid: string | null;
  rebuild_last_position: number | null;
  rebuild_started_at: Timestamp | null;
  /** When the last rebuild finished; its done, total and start stay beside it while the projection is live. */
  rebuild_finished_at: Timestamp | null;
  /** Why the last rebuild (or apply) did not finish, and at which event when one caused it. */
  last_error: string | null;
  last_error_position: number | null;
  last_error_at: Timestamp | null;
  /** host:pid of the process that applies this projection now. */
  owner: string | null;
  updated_at: Timestamp;
}

export interface UsersTable {
  id: string;
  email: string;
  username: string;
  slug: string;
  password_hash: string;
  role: 'member' | 'admin';
  tier: string;
  verified_at: Date | null;
  created_at: Timestamp;
  version: number;
}

export interface InvitesTable {
  id: string;
  key: string;
  inviter_id: string;
  access_request_id: string | null;
  created_at: Timestamp;
  used_at: Date | null;
  used_by_id: string | null;
  deleted_at: Date | null;
  version: number;
}

export interface AccessRequestsTable {
  id: string;
  email: string;
  url: string;
  message: string | null;
  created_at: Timestamp;
  invite_id: string | null;
  /** When an admin declined the request; null while pending or once invited. */
  declined_at: Date | null;
}

/** Operational state of sign-in, deliberately outside the event log (tokens are not domain facts). */
export interface RefreshTokensTable {
  id: string;
  family_id: string;
  user_id: string;
  token_hash: string;
  remember: boolean;
  expires_at: Date;
  created_at: Generated<Date>;
  used_at: Date | null;
  revoked_at: Date | null;
}

export interface OneTimeTokensTable {
  token_hash: string;
  user_id: string;
  purpose: 'verify' | 'reset' | 'email';
  expires_at: Date;
  used_at: Date | null;
  created_at: Generated<Date>;
  /** The mail event the link was made for; null for links from before the mail outbox. */
  mail_event_id: string | null;
}

/** Events an outbox has sent out, so a replay sends nothing twice. */
export interface OutboxDeliveriesTable {
  outbox: string;
  event_id: string;
  delivered_at: Generated<Date>;
}

export interface LoginFailuresTable {
  key: string;
  failures: number;
  window_started_at: Date;
}

export interface DevMailTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  link: string | null;
  created_at: Generated<Date>;
}

export interface StatsCountersTable {
  key: string;
  value: number;
}

/** Inline write model of track streams. */
export interface TracksTable {
  id: number;
  user_id: string;
  title: string;
  slug: string;
  description: string | null;
  visibility: 'public' | 'unlisted' | 'private';
  status: 'processing' | 'ready' | 'failed';
  failure_reason: string | null;
  filename: string;
  mimetype: string;
  extension: string;
  filesize: number;
  source_key: string;
  lossless: boolean;
  renditions: ColumnType<Record<string, unknown> | null, string | null, string | null>;
  duration: number | null;
  bitrate: number | null;
  /** The list-resolution waveform, packed 8-bit (contracts' peaks.ts): what list reads ship. */
  list_peaks: string | null;
  peaks_key: string | null;
  artwork_key: string | null;
  artwork_mimetype: string | null;
  /** A video track's rendition and poster (contracts' TrackVideo); null for audio. */
  video: ColumnType<Record<string, unknown> | null, string | null, string | null>;
  parent_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: number;
}

export interface TagsTable {
  id: Generated<number>;
  name: string;
  slug: string;
  created_at: Generated<Date>;
}

export interface TrackTagsTable {
  track_id: number;
  tag_id: number;
  position: number;
}

/** Tracks waiting for their transcode outcome: at most one `sent` per member, the others in upload order. */
export interface TranscodeDispatchTable {
  track_id: number;
  user_id: string;
  sent: boolean;
  position: number;
}

export interface TranscodeProgressTable {
  track_id: number;
  percent: number;
  updated_at: Timestamp;
}

export interface ListeningHistoryTable {
  event_position: number;
  user_id: string;
  track_id: number;
  played_at: Timestamp;
}

export interface PendingUploadsTable {
  key: string;
  user_id: string;
  filesize: number;
  created_at: Generated<Date>;
  expires_at: Date;
  /** When a track took the upload; the row stays until it expires so the sweeper clears the key. */
  claimed_at: ColumnType<Date | null, Date | undefined, Date>;
}

/** Inline read model of profile streams: a row once a member first changes their profile. */
export interface ProfilesTable {
  user_id: string;
  display_name: string | null;
  bio: string | null;
  /** Saved settings; readers lay them over the defaults. */
  config: ColumnType<Record<string, unknown>, string | undefined, string>;
  links: ColumnType<Record<string, unknown>[], string | undefined, string>;
  avatar_key: string | null;
  avatar_mimetype: string | null;
  banner_key: string | null;
  banner_mimetype: string | null;
  version: number;
}

/** Inline read model of subscription streams: who follows whom, since when. */
export interface SubscriptionsTable {
  subscriber_id: string;
  subject_id: string;
  subscribed_at: Timestamp;
}

/**
 * When each member was last active. Operational state like sign-in tokens, outside the log: it
 * changes with every visit and nothing is decided on its history.
 */
export interface MemberPresenceTable {
  user_id: string;
  last_seen_at: Timestamp;
}

/** A member's saved tracks (inline). */
export interface LibraryEntriesTable {
  user_id: string;
  track_id: number;
  saved_at: Timestamp;
}

/** Inline model of collection streams. */
export interface CollectionsTable {
  id: number;
  user_id: string;
  name: string;
  slug: string;
  description: string | null;
  visibility: 'public' | 'unlisted' | 'private';
  artwork_key: string | null;
  artwork_mimetype: string | null;
  followers_count: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: number;
}

export interface CollectionTracksTable {
  collection_id: number;
  track_id: number;
  /** Global position of the event that added it: the collection's order, the same after a rebuild. */
  position: number;
  added_at: Timestamp;
}

/** Inline model of album streams. */
export interface AlbumsTable {
  id: number;
  user_id: string;
  title: string;
  slug: string;
  description: string | null;
  /** YYYY-MM-DD */
  release_date: string;
  visibility: 'public' | 'unlisted' | 'private';
  artwork_key: string | null;
  artwork_mimetype: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: number;
}

/** An album's tracks: the number is the place in the owner's arrangement, from 1. */
export interface AlbumTracksTable {
  album_id: number;
  track_id: number;
  track_number: number;
}

export interface AlbumTagsTable {
  album_id: number;
  tag_id: number;
  position: number;
}

export interface CollectionFollowsTable {
  collection_id: number;
  user_id: string;
  followed_at: Timestamp;
}

/** Inline model of comment streams; a reply has a parent_id. */
export interface CommentsTable {
  id: number;
  track_id: number;
  author_id: string;
  parent_id: number | null;
  text: string;
  track_timestamp: number;
  reply_count: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  edited_at: Date | null;
  version: number;
}


export interface Database {
  events: EventsTable;
  relay_state: RelayStateTable;
  projection_checkpoints: ProjectionCheckpointsTable;
  users: UsersTable;
  invites: InvitesTable;
  access_requests: AccessRequestsTable;
  refresh_tokens: RefreshTokensTable;
  one_time_tokens: OneTimeTokensTable;
  outbox_deliveries: OutboxDeliveriesTable;
  login_failures: LoginFailuresTable;
  dev_mail: DevMailTable;
  stats_counters: StatsCountersTable;
  tracks: TracksTable;
  track_waveforms: TrackWaveformsTable;
  member_track_counts: MemberTrackCountsTable;
  track_totals: TrackTotalsTable;
  pending_uploads: PendingUploadsTable;
  tags: TagsTable;
  track_tags: TrackTagsTable;
  transcode_progress: TranscodeProgressTable;
  transcode_dispatch: TranscodeDispatchTable;
  track_play_counts: TrackPlayCountsTable;
  listening_history: ListeningHistoryTable;
  tag_usage_tracks: TagUsageTracksTable;
  tag_usage_counts: TagUsageCountsTable;
  tag_artist_counts: TagArtistCountsTable;
  tag_usage_artists: TagUsageArtistsTable;
  tag_usage_totals: TagUsageTotalsTable;
  profiles: ProfilesTable;
  subscriptions: SubscriptionsTable;
  subscription_counts: SubscriptionCountsTable;
  member_presence: MemberPresenceTable;
  library_entries: LibraryEntriesTable;
  track_save_counts: TrackSaveCountsTable;
  collections: CollectionsTable;
  collection_tracks: CollectionTracksTable;
  collection_follows: CollectionFollowsTable;
  albums: AlbumsTable;
  album_tracks: AlbumTracksTable;
  album_tags: AlbumTagsTable;
  comments: CommentsTable;
  track_comment_counts: TrackCommentCountsTable;
  chat_messages: ChatMessagesTable;
  socket_io_attachments: SocketIoAttachmentsTable;
  conversations: ConversationsTable;
  conversation_members: ConversationMembersTable;
  direct_messages: DirectMessagesTable;
  member_message_counts: MemberMessageCountsTable;
  news_posts: NewsPostsTable;
  notifications: NotificationsTable;
  notification_audiences: NotificationAudiencesTable;
  notification_dismissals: NotificationDismissalsTable;
  notification_clears: NotificationClearsTable;
  contact_messages: ContactMessagesTable;
  memberships: MembershipsTable;
}
