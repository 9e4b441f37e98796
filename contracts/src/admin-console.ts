/**
 * The admin console (issue 19): the shapes its endpoints answer with and the texts both sides
 * show. Browser-safe: the web client's admin pages import these types.
 */

/** One event of the log as admins see it: secret payload fields hold '[redacted]'. */
export interface InspectedEvent {
  global_position: number;
  transaction_id: string;
  stream_id: string;
  stream_version: number;
  type: string;
  schema_version: number;
  data: Record<string, unknown>;
  /** actor, request_id, correlation_id, causation_id. */
  metadata: { actor?: string; request_id?: string; correlation_id?: string; causation_id?: string; [key: string]: unknown };
  event_id: string;
  recorded_at: string;
  /** The actor's username when the actor is a member; null for 'system', 'anonymous' or a removed account. */
  actor_username: string | null;
}

/** GET /v1/admin/events: newest first; pass `next_before` as `before` for the next page. */
export interface InspectedEventPage {
  events: InspectedEvent[];
  has_more: boolean;
  next_before: number | null;
}

/** GET /v1/admin/events/{position} */
export interface InspectedEventDetail {
  event: InspectedEvent;
  /** The event named by metadata.causation_id, when there is one and it is in the log. */
  cause: InspectedEvent | null;
  /** Events whose causation_id is this event's id, oldest first. */
  caused: InspectedEvent[];
  /** Every event sharing this event's correlation id, oldest first (at most CHAIN_LIMIT). */
  chain: InspectedEvent[];
  chain_truncated: boolean;
}

/** One difference between two states of an aggregate (a path into the state, old and new value). */
export interface StateChange {
  type: 'CREATE' | 'REMOVE' | 'CHANGE';
  path: (string | number)[];
  oldValue?: unknown;
  value?: unknown;
}

/** GET /v1/admin/streams/{stream} */
export interface StreamReplay {
  stream_id: string;
  /** The write model that folds this stream (its decider), or null for a stream no decider owns. */
  model: string | null;
  /** The stream's last version. */
  version: number;
  events: InspectedEvent[];
  /** The version the state is folded up to (0 is before the first event). */
  as_of: number;
  state: unknown;
  /** With `compare`: the state at that version and what changed from it to `as_of`. */
  compare: { version: number; state: unknown; changes: StateChange[] } | null;
}

/** GET /v1/admin/overview: the console's front page. */
export interface AdminOverview {
  events: { total: number; head: number; last_hour: number; per_minute: number };
  relay: { checkpoint: number; lag: number } | null;
  transcode: { queued: number; processing: number; failed_24h: number };
  waitlist: { pending: number };
  contact: { unread: number };
  /** 'dev-mailbox' when no SMTP server is configured: the console then shows the mailbox. */
  mailer: 'smtp' | 'dev-mailbox';
}

export const ACCESS_REQUEST_STATUSES = ['pending', 'invited', 'declined'] as const;
export type AccessRequestStatus = (typeof ACCESS_REQUEST_STATUSES)[number];

/** One waitlist request as the admins' list shows it. */
export interface AccessRequestAdminView {
  id: string;
  email: string;
  url: string;
  message: string | null;
  created: string;
  status: AccessRequestStatus;
  invite_id: string | null;
  declined_at: string | null;
}

/** One account in the admins' member search. */
export interface AdminMemberView {
  id: string;
  username: string;
  email: string;
  role: 'member' | 'admin';
  tier: string;
  verified: boolean;
  created: string;
  last_seen: string | null;
}

export const ADMIN_CONSOLE = {
  /** The events one page of the inspector shows by default, and at most. */
  eventPage: 50,
  eventPageMax: 500,
  /** Events of one correlation chain shown on an event's page. */
  chainLimit: 200,
  /** Events of one stream a replay folds and lists. */
  streamLimit: 5000,
  /** Event types one filter may name. */
  typeFilterMax: 20,
  memberPage: 20,
} as const;

export const ADMIN_MSG = {
  eventNotFound: 'Event not found',
  streamNotFound: 'Stream not found',
  versionTooHigh: (version: number) => `as_of and compare must be at most the stream's version (${version})`,
  badTimeRange: 'from must be before to',
  badTime: (name: string) => `${name} must be a date and time (ISO 8601)`,
  tooManyTypes: `type names at most ${ADMIN_CONSOLE.typeFilterMax} event types`,
  badType: 'type must be event type names separated by commas',
  alreadyDeclined: 'This request has already been declined',
  alreadyInvited: 'This request has already been invited',
  declined: 'Request declined',
  contactRead: 'Message marked read',
} as const;

export const PROJECTION_STATES = ['live', 'standby', 'rebuilding', 'rebuild_requested', 'failing'] as const;
export type ProjectionState = (typeof PROJECTION_STATES)[number];

/**
 * One row of GET /v1/admin/projections as the console reads it. Fields after `lag` are optional:
 * the console shows '—' for what a server does not report.
 */
export interface ProjectionStatusView {
  name: string;
  kind?: 'inline' | 'async';
  outbox?: boolean;
  handles: readonly string[];
  status: ProjectionState;
  checkpoint: number;
  head: number;
  lag: number;
  lag_seconds?: number | null;
  owner: string | null;
  rebuild: null | { done: number; total: number; rate?: number; eta_seconds?: number | null; started_at?: string };
  last_error?: null | { message: string; position: number | null; at: string };
  updated_at: string;
}

/** How often the projections dashboard asks for fresh lag and progress. */
export const PROJECTIONS_POLL_MS = 1000;
