import { REDACTED } from '@stardeck/infra';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, createInvite, linkParam, login, mailTo, newMember, startAuthServer, type Session } from '../auth/helpers';
import { readWholeStream, type StreamMessage } from '../support/jetstream';
import { TEST_NATS_URL, waitFor } from '../support/services';
import type { TestServer } from '../support/server';

/**
 * Sign-up through the waitlist, a password reset and an invite: every event type that carries a
 * password hash or an invite key. The secrets are read back from the write side's own tables.
 */
describe('secrets stay on the write side', () => {
  let server: TestServer;
  let admin: Session;
  let member: Session & { email: string; password: string };
  let invite: { id: string; key: string };
  let secrets: string[];

  beforeAll(async () => {
    server = await startAuthServer();
    admin = await login(server.url, ADMIN.email, ADMIN.password);
    member = await newMember(server.url, admin);
    await request(server.url).post('/v1/forgot_password').send({ email: member.email }).expect(200);
    const reset = await mailTo(server.url, admin, member.email, /reset/i);
    await request(server.url).post('/v1/reset_password')
      .send({ recovery_token: linkParam(reset.link, 'token'), password: 'changed-password', verify_password: 'changed-password' }).expect(200);
    invite = await createInvite(server.url, await login(server.url, member.email, 'changed-password'));

    const db = server.platform.database.db;
    const hashes = (await db.selectFrom('users').select('password_hash').execute()).map((row) => row.password_hash);
    const keys = (await db.selectFrom('invites').select('key').execute()).map((row) => row.key);
    secrets = [...hashes, ...keys];
    expect(hashes.length).toBeGreaterThanOrEqual(2);
    expect(keys).toContain(invite.key);
  });
  afterAll(async () => {
    await server?.stop();
  });

  const ofType = (messages: StreamMessage[], type: string) => messages.filter((m) => m.event.type === type).map((m) => m.event);

  it('publishes sign-up, password and invite events to JetStream with their secrets redacted', async () => {
    const messages = await waitFor(async () => {
      const all = await readWholeStream(TEST_NATS_URL, server.services!.stream.stream);
      return all.some((m) => m.event.type === 'InviteCreated' && m.event.data.invite_id === invite.id) && all;
    });
    const registered = ofType(messages, 'AccountRegistered').find((e) => e.data.user_id === member.me.id);
    expect(registered?.data).toMatchObject({ email: member.email, username: member.me.username, password_hash: REDACTED });
    expect(ofType(messages, 'PasswordChanged').find((e) => e.data.user_id === member.me.id)?.data).toMatchObject({ reason: 'reset', password_hash: REDACTED });
    expect(ofType(messages, 'InviteCreated').find((e) => e.data.invite_id === invite.id)?.data).toMatchObject({ inviter_id: member.me.id, key: REDACTED });
    expect(ofType(messages, 'AccessRequestInvited')).not.toHaveLength(0);

    const carried = JSON.stringify(messages);
    for (const secret of secrets) expect(carried).not.toContain(secret);
  });

  it('never shows them in the event inspector', async () => {
    const inspected: unknown[] = [];
    for (const type of ['AccountRegistered', 'PasswordChanged', 'InviteCreated', 'AccessRequestInvited']) {
      const res = await request(server.url).get('/v1/admin/events').query({ type, limit: 500 }).set(bearer(admin)).expect(200);
      expect(res.body.data.events.length, type).toBeGreaterThan(0);
      inspected.push(...res.body.data.events);
    }
    const byStream = await request(server.url).get('/v1/admin/events').query({ stream: `user-${member.me.id}` }).set(bearer(admin)).expect(200);
    expect(byStream.body.data.events.map((e: { type: string }) => e.type)).toEqual(expect.arrayContaining(['AccountRegistered', 'PasswordChanged']));
    inspected.push(...byStream.body.data.events);

    const shown = JSON.stringify(inspected);
    for (const secret of secrets) expect(shown).not.toContain(secret);
    expect(shown).toContain(`"key":"${REDACTED}"`);
  });

  it('still signs members in with the password the write side stored', async () => {
    await login(server.url, member.email, 'changed-password', { ip: '10.9.0.1' });
  });
});
