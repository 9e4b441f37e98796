import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

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
  /** host:pid of the process that applies this projection now. */
  owner: string | null;
  updated_at: Timestamp;
}

export interface UsersTable {
  id: string;
  email: string;
  username: string;
  slug: string;
  display_name: string | null;
  password_hash: string;
  role: 'member' | 'admin';
  tier: string;
  config: ColumnType<Record<string, unknown>, string | undefined, string>;
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
  purpose: 'verify' | 'reset';
  expires_at: Date;
  used_at: Date | null;
  created_at: Generated<Date>;
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
  peaks: ColumnType<number[] | null, string | null, string | null>;
  peaks_key: string | null;
  artwork_key: string | null;
  artwork_mimetype: string | null;
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

export interface TranscodeProgressTable {
  track_id: number;
  percent: number;
  updated_at: Timestamp;
}

export interface TrackPlayCountsTable {
  track_id: number;
  play_count: number;
}

export interface ListeningHistoryTable {
  event_position: number;
  user_id: string;
  track_id: number;
  played_at: Timestamp;
}

/** Per track, what the tag usage counts need: who owns it, whether it is listed, its tags. */
export interface TagUsageTracksTable {
  track_id: number;
  user_id: string;
  public: boolean;
  failed: Generated<boolean>;
  tag_ids: number[];
}

export interface PendingUploadsTable {
  key: string;
  user_id: string;
  filesize: number;
  created_at: Generated<Date>;
  expires_at: Date;
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
  login_failures: LoginFailuresTable;
  dev_mail: DevMailTable;
  stats_counters: StatsCountersTable;
  tracks: TracksTable;
  pending_uploads: PendingUploadsTable;
  tags: TagsTable;
  track_tags: TrackTagsTable;
  transcode_progress: TranscodeProgressTable;
  track_play_counts: TrackPlayCountsTable;
  listening_history: ListeningHistoryTable;
  tag_usage_tracks: TagUsageTracksTable;
}
