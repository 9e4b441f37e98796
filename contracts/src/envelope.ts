/** Response envelopes of spec §7/§8: every success and error carries status, status_code and msg. */
export interface ApiMessage {
  title?: string;
  description?: string;
}

export interface SuccessEnvelope<T = unknown> {
  status: 'success';
  status_code: number;
  msg?: ApiMessage;
  data?: T;
  me?: Me;
}

export interface ErrorEnvelope {
  status: 'error';
  status_code: number;
  msg: ApiMessage;
  /** Per-field messages for form calls, keyed by the request field name. */
  errors?: Record<string, string>;
  /** A machine-readable reason where the client branches on it (upload errors of spec §8). */
  error_code?: string;
}

export interface Me {
  id: string;
  username: string;
  email: string;
  role: 'member' | 'admin';
  display_name: string | null;
  slug: string;
  tier: { slug: import('./limits').TierSlug; features: { infinite_mode: boolean } };
  config: import('./limits').UserConfig;
  notification_count: number;
  /** Direct messages sent to the member and not read yet, across their conversations. */
  unread_message_count: number;
  /** invite: null when the account's invites have no limit (admins, by default). */
  limits: { invite: number | null };
}

export interface InviteView {
  id: string;
  key: string;
  created: string;
  used: string | null;
  used_by_id: string | null;
  used_by_username: string | null;
  used_by_display_name: string | null;
}

/** Response headers of spec §7. */
export const HEADER_NEW_ACCESS_TOKEN = 'x-new-access-token';
export const HEADER_TOKEN_EXPIRED = 'x-token-expired';
export const REFRESH_COOKIE = 'stardeck_refresh';
