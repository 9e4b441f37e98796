import { vi } from 'vitest';

/** One answer of the fake API: status, JSON body, headers. */
export interface FakeAnswer {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface FakeCall {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

type Handler = FakeAnswer | ((call: FakeCall) => FakeAnswer | Promise<FakeAnswer>);

/**
 * Replaces fetch with a fake API for unit tests: answers by "METHOD /path" (query left off), and
 * records every call. Unknown routes answer 404 in the envelope.
 */
export function fakeApi(routes: Record<string, Handler | Handler[]>) {
  const calls: FakeCall[] = [];
  const queues = new Map(Object.entries(routes).map(([key, handler]) => [key, Array.isArray(handler) ? [...handler] : handler]));
  const fetch = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://stardeck.test');
    const call: FakeCall = {
      method: init.method ?? 'GET',
      path: url.pathname,
      headers: Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v])),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const entry = queues.get(`${call.method} ${call.path}`);
    // A list answers in turn, its last answer repeating.
    const handler = Array.isArray(entry) ? (entry.length > 1 ? entry.shift()! : entry[0]!) : entry;
    const answer: FakeAnswer = !handler
      ? { status: 404, body: { status: 'error', status_code: 404, msg: { title: 'Not Found' } } }
      : typeof handler === 'function' ? await handler(call) : handler;
    return new Response(JSON.stringify(answer.body ?? { status: 'success', status_code: answer.status ?? 200 }), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return { calls, fetch, callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key) };
}

export const ok = (data?: unknown, extra: Record<string, unknown> = {}, headers?: Record<string, string>): FakeAnswer => ({
  status: 200,
  body: { status: 'success', status_code: 200, data, ...extra },
  headers,
});

export const failure = (status: number, msg: { title?: string; description?: string }, extra: Record<string, unknown> = {}, headers?: Record<string, string>): FakeAnswer => ({
  status,
  body: { status: 'error', status_code: status, msg, ...extra },
  headers,
});

/** A Me as the API returns it. */
export function aMember(overrides: Record<string, unknown> = {}) {
  return {
    id: 'u-1', username: 'nova', email: 'nova@example.com', role: 'member', display_name: null, slug: 'nova',
    tier: { slug: 'free', features: { infinite_mode: false } },
    config: {
      streaming_quality: 'standard', default_profile_view: 'audio', pinned_track_id: null, motd: null,
      show_profile_stats: true, show_storage_usage: true, share_listening_history: true, allow_recommendations: true,
    },
    notification_count: 0, unread_message_count: 0, limits: { invite: 2 }, ...overrides,
  } as const;
}
