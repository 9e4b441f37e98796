import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, login, newMember, startAuthServer, type Session } from '../auth/helpers';
import { listRoutes, type AppRoute } from '../support/routes';
import type { TestServer } from '../support/server';

/** 2^53 + 1: JSON.parse turns it into 2^53 without a word. */
const BIG = '9007199254740993';
const WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The route's URL with every parameter (`:name`, `*`) set to `value`; `suffix` goes on a route without one. */
function urlOf(route: AppRoute, value: string, suffix = ''): string {
  const filled = route.url.replace(/:[A-Za-z_]+|\*/g, value);
  return filled === route.url ? `${route.url}${suffix}` : filled;
}
const hasParams = (route: AppRoute) => /:[A-Za-z_]+|\*/.test(route.url);

/** Every text field any form of the API reads, all holding the same value. */
function everyTextField(value: string): string {
  const fields = ['email', 'password', 'username', 'title', 'description', 'search', 'q', 'url', 'message', 'key', 'filename',
    'invite_id', 'verification_token', 'recovery_token', 'invitation_key'];
  return JSON.stringify({ ...Object.fromEntries(fields.map((field) => [field, value])), tags: [value], track_id: 1 });
}

interface BadRequest {
  path: string;
  body?: string | FormData;
  contentType?: string;
}

interface BadInput {
  name: string;
  /** The request for one route, or null when the input has no place on it (a body on a GET). */
  build(route: AppRoute): BadRequest | null;
}

const json = (body: string): BadRequest['contentType'] => (body ? 'application/json' : undefined);
const bodyCase = (name: string, body: string, contentType = json(body)): BadInput => ({
  name,
  build: (route) => (WITH_BODY.has(route.method) ? { path: urlOf(route, '1'), body, contentType } : null),
});

const BAD_INPUTS: BadInput[] = [
  { name: 'NUL in a path parameter', build: (route) => (hasParams(route) ? { path: urlOf(route, 'a%00b') } : null) },
  { name: 'half a surrogate pair in a path parameter', build: (route) => (hasParams(route) ? { path: urlOf(route, 'a%ED%A0%80') } : null) },
  { name: 'bad percent-encoding in the path', build: (route) => ({ path: urlOf(route, '%ZZ', '%ZZ') }) },
  { name: 'a path id past 2^53', build: (route) => (hasParams(route) ? { path: urlOf(route, BIG) } : null) },
  { name: 'NUL in the query', build: (route) => ({ path: `${urlOf(route, '1')}?search=a%00b&username=a%00b&q=a%00b&stream=a%00b` }) },
  {
    name: 'integers past 2^53 in the query',
    build: (route) => ({ path: `${urlOf(route, '1')}?limit=${BIG}&offset=${BIG}&after=${BIG}&tag_ids=${BIG}&exclude_ids=1,${BIG}` }),
  },
  bodyCase('NUL in every text field of the body', everyTextField('a\u0000b')),
  // JSON.stringify writes a lone surrogate as the escape \ud800, which is how a client sends one.
  bodyCase('half a surrogate pair in every text field of the body', everyTextField('a\ud800b')),
  bodyCase('integers past 2^53 in the body',
    `{"track_id":${BIG},"parent_id":${BIG},"limit":${BIG},"offset":${BIG},"filesize":${BIG},"tag_ids":[${BIG}],"exclude_ids":[${BIG}],"title":"t"}`),
  bodyCase('a JSON array body', JSON.stringify([{ email: ADMIN.email, password: ADMIN.password, title: 't', track_id: 1 }])),
  bodyCase('deeply nested JSON', `{"title":${'['.repeat(100_000)}${']'.repeat(100_000)}}`),
  bodyCase('a form body', `email=${encodeURIComponent(ADMIN.email)}&password=${ADMIN.password}`, 'application/x-www-form-urlencoded'),
  bodyCase('a JSON-looking text/plain body', JSON.stringify({ email: ADMIN.email, password: ADMIN.password }), 'text/plain'),
];

describe('bad input on every route', () => {
  let server: TestServer;
  let member: Session;
  let routes: AppRoute[];

  const eventCount = async () => Number((await server.platform.database.db.selectFrom('events').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    server = await startAuthServer();
    const admin = await login(server.url, ADMIN.email, ADMIN.password);
    member = await newMember(server.url, admin);
    routes = listRoutes(server.app);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('finds the routes from the running app', () => {
    const names = routes.map((route) => `${route.method} ${route.url}`);
    for (const known of ['POST /v1/login', 'GET /v1/tracks/user/:username', 'PUT /v1/storage/objects/*', 'POST /v1/manage/tracks/preflight', 'GET /health']) {
      expect(names).toContain(known);
    }
    expect(routes.length).toBeGreaterThan(30);
  });

  for (const input of BAD_INPUTS) {
    it(`answers ${input.name} with a 4xx in the envelope and writes nothing, signed in or not`, async () => {
      const before = await eventCount();
      const failures: string[] = [];
      for (const route of routes) {
        const request = input.build(route);
        if (!request) continue;
        for (const auth of [{}, bearer(member)] as Record<string, string>[]) {
          const headers: Record<string, string> = { ...auth, ...(request.contentType ? { 'content-type': request.contentType } : {}) };
          const res = await fetch(`${server.url}${request.path}`, { method: route.method, headers, body: request.body });
          const text = await res.text();
          const where = `${route.method} ${request.path.slice(0, 80)} (${auth.authorization ? 'member' : 'anonymous'}): ${res.status} ${text.slice(0, 160)}`;
          let body: { status?: string; status_code?: number; msg?: { title?: unknown; description?: unknown } } = {};
          try {
            body = JSON.parse(text) as typeof body;
          } catch {
            failures.push(`${where} (not JSON)`);
            continue;
          }
          const envelope = body.status === 'error' && body.status_code === res.status
            && typeof body.msg?.title === 'string' && typeof body.msg.description === 'string';
          if (res.status < 400 || res.status >= 500 || !envelope) failures.push(where);
        }
      }
      expect(failures).toEqual([]);
      expect(await eventCount()).toBe(before);
    });
  }
});
