import { startServer, type Role, type RunningServer } from '@stardeck/api';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, createTestStream, servicesEnv, type TestDatabase, type TestStream } from '../support/services';
import { ADMIN, login, newMember } from './helpers';

describe('admin bootstrap from STARDECK_ADMIN_EMAIL / STARDECK_ADMIN_PASSWORD', () => {
  let db: TestDatabase;
  let stream: TestStream;
  const running: RunningServer[] = [];
  const start = async (email: string, password: string, roles: Role[] = ['api']) => {
    const server = await startServer({
      roles, webDir: null,
      env: servicesEnv(db, stream, { PORT: '0', HOST: '127.0.0.1', STARDECK_ADMIN_EMAIL: email, STARDECK_ADMIN_PASSWORD: password }),
    });
    running.push(server);
    return server;
  };
  const stopAll = async () => {
    await Promise.all(running.splice(0).map((server) => server.close()));
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    stream = createTestStream();
  });
  afterAll(async () => {
    await stopAll();
    await stream?.drop().catch(() => undefined);
    await db?.drop();
  });

  it('creates one verified admin even when several processes start at once', async () => {
    const servers = await Promise.all([1, 2, 3].map(() => start(ADMIN.email, ADMIN.password)));
    const users = await servers[0]!.platform.database.db.selectFrom('users').selectAll().execute();
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({ email: ADMIN.email, role: 'admin', tier: 'admin' });
    expect(users[0]!.verified_at).not.toBeNull();
    await login(servers[0]!.url, ADMIN.email, ADMIN.password);
    await stopAll();
  });

  it('changes the password only when the configured one differs', async () => {
    const countChanges = (server: RunningServer) =>
      server.platform.database.db.selectFrom('events').select('global_position').where('type', '=', 'PasswordChanged').execute().then((rows) => rows.length);
    let server = await start(ADMIN.email, 'a-new-password');
    await request(server.url).post('/v1/login').set('x-forwarded-for', '10.7.0.1').send({ email: ADMIN.email, password: ADMIN.password }).expect(401);
    await login(server.url, ADMIN.email, 'a-new-password');
    expect(await countChanges(server)).toBe(1);
    await stopAll();
    server = await start(ADMIN.email, 'a-new-password');
    expect(await countChanges(server)).toBe(1);
    await stopAll();
  });

  it('promotes an existing member named by STARDECK_ADMIN_EMAIL to admin', async () => {
    // The member signs up through the mailed link, which the projector role sends.
    let server = await start(ADMIN.email, 'a-new-password', ['api', 'projector']);
    const admin = await login(server.url, ADMIN.email, 'a-new-password');
    const member = await newMember(server.url, admin);
    expect(member.me.role).toBe('member');
    await stopAll();
    server = await start(member.email, member.password);
    const promoted = await login(server.url, member.email, member.password);
    expect(promoted.me).toMatchObject({ role: 'admin', tier: { slug: 'admin' } });
    await request(server.url).get('/v1/admin/mail').set('authorization', `Bearer ${promoted.token}`).expect(200);
    await stopAll();
  });
});
