import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, login, newMember, startAuthServer, type Session } from '../auth/helpers';
import { listRoutes, type AppRoute } from '../support/routes';
import type { TestServer } from '../support/server';

/** A value for each path parameter an admin route takes; anything else gets a made-up id. */
const PARAMS: Record<string, string> = { name: 'stats', position: '1', stream: 'user-00000000-0000-4000-8000-000000000000' };
const NOBODY = '00000000-0000-4000-8000-000000000000';
const urlOf = (route: AppRoute) => route.url.replace(/:(\w+)/g, (_, name: string) => PARAMS[name] ?? NOBODY);

/**
 * Every /v1/admin/* endpoint the running app serves, read from its route tree (a new one cannot be
 * left out), tried by a visitor, a member and an admin. A member must get exactly what a path
 * that does not exist gets; an admin must get an answer of the endpoint itself.
 */
describe('authorisation of every admin endpoint', () => {
  let server: TestServer;
  let admin: Session;
  let member: Session;
  let routes: AppRoute[];

  beforeAll(async () => {
    server = await startAuthServer();
    admin = await login(server.url, ADMIN.email, ADMIN.password);
    member = await newMember(server.url, admin);
    routes = listRoutes(server.app).filter((route) => route.url.startsWith('/v1/admin/'));
  }, 300_000);
  afterAll(async () => {
    await server?.stop();
  });

  const call = (route: AppRoute, path: string, session: Session | null) => {
    let req = request(server.url)[route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete'](path);
    if (session) req = req.set(bearer(session));
    return route.method === 'GET' ? req : req.send({});
  };

  it('finds the admin endpoints from the app', () => {
    const names = routes.map((route) => `${route.method} ${route.url}`);
    for (const known of ['GET /v1/admin/overview', 'GET /v1/admin/events', 'GET /v1/admin/events/:position', 'GET /v1/admin/streams/:stream', 'GET /v1/admin/projections', 'POST /v1/admin/projections/:name/rebuild', 'GET /v1/admin/members', 'POST /v1/admin/access_requests/:id/decline']) {
      expect(names).toContain(known);
    }
  });

  it('answers a visitor 401, a member exactly as a missing path, and an admin with the endpoint itself', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const path = urlOf(route);
      const name = `${route.method} ${path}`;
      const visitor = await call(route, path, null);
      if (visitor.status !== 401) failures.push(`visitor ${name}: ${visitor.status}`);

      // The same method on a path nobody serves, one segment longer than the admin route.
      const missing = await call(route, `${path}/no-such-page`, member);
      const refused = await call(route, path, member);
      const unlike = (body: { msg?: { description?: string } }) => body.msg?.description?.replace(`${path}/no-such-page`, path);
      if (refused.status !== 404 || missing.status !== 404 || refused.body.msg?.title !== missing.body.msg?.title || refused.body.msg?.description !== unlike(missing.body)) {
        failures.push(`member ${name}: ${refused.status} ${JSON.stringify(refused.body.msg)} vs missing ${missing.status} ${JSON.stringify(missing.body.msg)}`);
      }

      const answered = await call(route, path, admin);
      const isMissingRoute = answered.status === 404 && String(answered.body.msg?.description).startsWith('Cannot ');
      if (answered.status === 401 || answered.status === 403 || answered.status >= 500 || isMissingRoute) failures.push(`admin ${name}: ${answered.status} ${JSON.stringify(answered.body.msg)}`);
    }
    expect(failures).toEqual([]);
    expect(routes.length).toBeGreaterThanOrEqual(12);
  });
});
