import { startServer, type RunningServer } from '@stardeck/api';
import request from 'supertest';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { TestServer } from '../support/server';
import { servicesEnv } from '../support/services';
import { ADMIN, PUBLIC_URL, startAuthServer } from './helpers';

describe('login throttling across API processes', () => {
  let server: TestServer;
  let second: RunningServer | undefined;
  beforeAll(async () => {
    server = await startAuthServer();
  });
  afterAll(async () => {
    await second?.close();
    await server?.stop();
  });

  it('counts failures in the shared database, so another API process refuses the same address', async () => {
    const ip = '10.3.0.1';
    for (let i = 0; i < 20; i++) {
      await request(server.url).post('/v1/login').set('x-forwarded-for', ip).send({ email: `probe${i}@example.com`, password: 'wrong-password' }).expect(401);
    }
    const { db, stream } = server.services!;
    second = await startServer({ roles: ['api'], webDir: null, env: servicesEnv(db, stream, { PORT: '0', HOST: '127.0.0.1', PUBLIC_URL }) });
    await request(second.url).post('/v1/login').set('x-forwarded-for', ip).send({ email: ADMIN.email, password: ADMIN.password }).expect(429);
  });
});
