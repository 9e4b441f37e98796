import type { ErrorEnvelope, SuccessEnvelope } from '@stardeck/contracts/browser';

/** Why a call failed: the API answered with an error envelope, or no usable answer arrived. */
export type ApiFailure =
  | { kind: 'http'; status: number; envelope: ErrorEnvelope; headers: Headers }
  | { kind: 'network'; status: number | null; message: string };

/** Every call resolves (never throws) so callers decide what a failure means for them. */
export type ApiResult<T> =
  | { ok: true; status: number; envelope: SuccessEnvelope<T>; headers: Headers }
  | { ok: false; failure: ApiFailure };

export const API_PREFIX = '/v1';

/** Calls a versioned API path without a session, e.g. `api('/users/me')` requests `/v1/users/me`. */
export function api<T>(path: string, init: RequestInit = {}): Promise<ApiResult<T>> {
  return request<T>(`${API_PREFIX}${path}`, init);
}

/** Calls any same-origin path that answers with the API envelope (`/v1/…`, `/health`, `/ready`). */
export async function request<T>(url: string, init: RequestInit = {}): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      // The refresh token lives in an httpOnly cookie, so every call carries cookies.
      credentials: 'include',
      headers: { accept: 'application/json', ...init.headers },
    });
  } catch (error) {
    return { ok: false, failure: { kind: 'network', status: null, message: error instanceof Error ? error.message : String(error) } };
  }
  const body = await readEnvelope(response);
  if (!body) {
    // A proxy or gateway page, not the API: treat it as the API being out of reach.
    return { ok: false, failure: { kind: 'network', status: response.status, message: `unexpected ${response.status} response` } };
  }
  if (response.ok && body.status === 'success') {
    return { ok: true, status: response.status, envelope: body as SuccessEnvelope<T>, headers: response.headers };
  }
  return { ok: false, failure: { kind: 'http', status: response.status, envelope: body as ErrorEnvelope, headers: response.headers } };
}

async function readEnvelope(response: Response): Promise<{ status: unknown } | null> {
  if (!response.headers.get('content-type')?.includes('application/json')) return null;
  try {
    const body: unknown = await response.json();
    return typeof body === 'object' && body !== null && 'status' in body ? (body as { status: unknown }) : null;
  } catch {
    return null;
  }
}
