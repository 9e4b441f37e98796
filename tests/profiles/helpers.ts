import request from 'supertest';
import { ADMIN, bearer, login, newMember, type Session } from '../auth/helpers';
import { startTestServer, type TestServer } from '../support/server';

export { bearer, newMember, type Session };

export interface SocialWorld {
  server: TestServer;
  url: string;
  admin: Session;
  member(): Promise<Session>;
  /** Events in the log: bad input must leave it as it was. */
  eventCount(): Promise<number>;
  stop(): Promise<void>;
}

/** A server with an admin; signed URLs (avatars, banners) point at the server itself, so tests can fetch them. */
export async function startSocialWorld(): Promise<SocialWorld> {
  const server = await startTestServer({ env: { STARDECK_ADMIN_EMAIL: ADMIN.email, STARDECK_ADMIN_PASSWORD: ADMIN.password } });
  const admin = await login(server.url, ADMIN.email, ADMIN.password);
  const db = server.platform.database.db;
  return {
    server, url: server.url, admin,
    member: () => newMember(server.url, admin),
    eventCount: async () => Number((await db.selectFrom('events').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
    stop: () => server.stop(),
  };
}

export const usernameOf = (session: Session) => session.me.username as string;

export function getProfile(world: SocialWorld, viewer: Session, username: string) {
  return request(world.url).get(`/v1/users/${encodeURIComponent(username)}`).set(bearer(viewer));
}

export function patchUser(world: SocialWorld, session: Session, body: unknown) {
  return request(world.url).patch('/v1/manage/user').set(bearer(session)).send(body as object);
}

export function putLinks(world: SocialWorld, session: Session, links: unknown) {
  return request(world.url).put('/v1/manage/links').set(bearer(session)).send({ links });
}

export function subscribe(world: SocialWorld, session: Session, username: string, on = true) {
  const req = on ? request(world.url).post('/v1/subscribe') : request(world.url).delete('/v1/subscribe');
  return req.set(bearer(session)).send({ username });
}
