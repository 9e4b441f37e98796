import { HEADER_NEW_ACCESS_TOKEN, HEADER_TOKEN_EXPIRED } from '@stardeck/contracts/browser';
import { api, type ApiResult } from './api';
import { acceptNewToken, endSession, renewSession } from './session/lifecycle';
import { applyMe, session } from './session/store';

export type { ApiFailure, ApiResult } from './api';

export type QueryValue = string | number | boolean | null | undefined;

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue | readonly QueryValue[]>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as multipart/form-data instead of `body` (the browser writes the boundary). */
  form?: FormData;
  signal?: AbortSignal;
}

/**
 * The API as the signed-in app calls it (spec §7). Adds the Bearer token when there is one;
 * adopts `x-new-access-token` and the `me` body field; on a 401 with `x-token-expired` renews the
 * session once and retries once, and ends the session when that fails. Like `api`, it never
 * throws, never shows a toast and never navigates: callers get a typed result and decide.
 *
 * Each endpoint gets its own small file in its feature's `api/` folder that calls this, e.g.
 * features/invites/api/get-invites.ts.
 */
export async function apiCall<T>(path: string, options: CallOptions = {}): Promise<ApiResult<T>> {
  const first = await send<T>(path, options);
  if (!tokenExpired(first)) return first;
  const renewal = await renewSession({ force: true });
  if (renewal !== 'renewed') {
    // Spec §4: when the renewal fails the member is logged out ('refused' already did).
    if (renewal === 'unreachable') await endSession({ callServer: false });
    return first;
  }
  const second = await send<T>(path, options);
  if (tokenExpired(second)) await endSession({ callServer: false });
  return second;
}

function tokenExpired(result: ApiResult<unknown>): boolean {
  return !result.ok && result.failure.kind === 'http' && result.failure.status === 401 && result.failure.headers.get(HEADER_TOKEN_EXPIRED) === 'true';
}

async function send<T>(path: string, options: CallOptions): Promise<ApiResult<T>> {
  const token = session.token;
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined && !options.form) headers['content-type'] = 'application/json';
  const result = await api<T>(withQuery(path, options.query), {
    method: options.method ?? 'GET',
    headers,
    body: options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    signal: options.signal,
  });
  if (result.ok) {
    const newToken = result.headers.get(HEADER_NEW_ACCESS_TOKEN);
    if (newToken && result.envelope.me) acceptNewToken(newToken, result.envelope.me);
    else if (result.envelope.me) applyMe(result.envelope.me);
  } else if (result.failure.kind === 'http' && result.failure.status === 401 && token && token === session.token && !tokenExpired(result)) {
    // The token was refused for good (its sign-in ended elsewhere): a stored token without a valid session logs out.
    await endSession({ callServer: false });
  }
  return result;
}

function withQuery(path: string, query: CallOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null) params.append(name, String(item));
    }
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}
