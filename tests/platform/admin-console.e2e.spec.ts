import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, login, mailTo, type Session } from '../auth/helpers';
import { factories, type Factories, type Member } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';
import { waitFor } from '../support/services';

type Listed = { global_position: number; type: string; stream_id: string; stream_version: number; metadata: Record<string, string>; data: Record<string, unknown>; actor_username: string | null };

describe('admin console over HTTP', () => {
  let server: TestServer;
  let admin: Session;
  let make: Factories;

  beforeAll(async () => {
    server = await startTestServer({ roles: ['api', 'projector', 'transcoder'], env: { STARDECK_ADMIN_EMAIL: ADMIN.email, STARDECK_ADMIN_PASSWORD: ADMIN.password } });
    admin = await login(server.url, ADMIN.email, ADMIN.password);
    make = factories({ url: server.url, admin });
  }, 300_000);
  afterAll(async () => {
    await make?.dispose();
    await server?.stop();
  });

  const api = () => request(server.url);
  const events = async (query: Record<string, string | number>): Promise<{ events: Listed[]; has_more: boolean; next_before: number | null }> => {
    const res = await api().get('/v1/admin/events').query(query).set(bearer(admin));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };

  it('lists the log newest first and pages back with before, without repeating or skipping an event', async () => {
    await Promise.all([make.newMember(), make.newMember()]);
    const all = await events({ limit: 200 });
    const positions = all.events.map((e) => e.global_position);
    expect(positions).toEqual([...positions].sort((a, b) => b - a));
    const paged: number[] = [];
    let before: number | null | undefined;
    do {
      const page = await events({ limit: 7, ...(before ? { before } : {}) });
      paged.push(...page.events.map((e) => e.global_position));
      before = page.next_before;
      expect(page.has_more).toBe(before !== null);
    } while (before);
    expect(paged).toEqual(positions);
    // Jumping to a position: the page starts right at it.
    const middle = positions[Math.floor(positions.length / 2)]!;
    expect((await events({ before: middle + 1, limit: 1 })).events[0]!.global_position).toBe(middle);
  });

  it('filters by stream, category prefix, several types, actor id or username, correlation id and time', async () => {
    const member = await make.newMember();
    const stream = `user-${member.me.id}`;
    const byStream = await events({ stream });
    expect(byStream.events.map((e) => e.type).reverse()).toEqual(['AccountRegistered', 'AccountVerified']);

    const byCategory = await events({ stream: 'invite-', limit: 200 });
    expect(byCategory.events.length).toBeGreaterThan(1);
    for (const e of byCategory.events) expect(e.stream_id).toMatch(/^invite-/);

    const types = await events({ type: 'AccessRequested,InviteRedeemed', limit: 200 });
    expect(new Set(types.events.map((e) => e.type))).toEqual(new Set(['AccessRequested', 'InviteRedeemed']));

    await api().patch('/v1/manage/user').set(bearer(member)).send({ bio: 'hello from the inspector' }).expect(200);
    for (const actor of [member.me.id, member.me.username, member.me.username.toUpperCase()]) {
      const mine = await events({ actor });
      expect(mine.events.map((e) => e.type)).toContain('ProfileBioChanged');
      for (const e of mine.events) expect(e).toMatchObject({ metadata: { actor: member.me.id }, actor_username: member.me.username });
    }
    expect((await events({ actor: 'nobody-by-that-name' })).events).toEqual([]);

    const bio = (await events({ actor: member.me.id, type: 'ProfileBioChanged' })).events[0]!;
    const chain = await events({ correlation_id: bio.metadata.correlation_id! });
    expect(chain.events.map((e) => e.global_position)).toEqual([bio.global_position]);

    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await events({ from: future })).events).toEqual([]);
    expect((await events({ to: '2000-01-01T00:00:00Z' })).events).toEqual([]);
    expect((await events({ from: '2000-01-01T00:00:00Z', to: future, stream })).events).toHaveLength(2);

    const bad = async (query: Record<string, string>, description: string) => {
      const res = await api().get('/v1/admin/events').query(query).set(bearer(admin)).expect(400);
      expect(res.body.msg.description).toBe(description);
    };
    await bad({ before: '0' }, 'before must be at least 1');
    await bad({ type: 'Track Uploaded' }, 'type must be event type names separated by commas');
    await bad({ from: 'yesterday' }, 'from must be a date and time (ISO 8601)');
    await bad({ from: future, to: '2000-01-01T00:00:00Z' }, 'from must be before to');
  });

  it('redacts secret fields by the event schemas, in lists and on an event page', async () => {
    await make.newMember();
    const [created] = (await events({ type: 'InviteCreated', limit: 1 })).events;
    expect(created!.data.key).toBe('[redacted]');
    const [registered] = (await events({ type: 'AccountRegistered', limit: 1 })).events;
    expect(registered!.data.password_hash).toBe('[redacted]');
    const detail = await api().get(`/v1/admin/events/${registered!.global_position}`).set(bearer(admin)).expect(200);
    expect(JSON.stringify(detail.body)).not.toMatch(/\$argon2/);
    expect(detail.body.data.event.data.password_hash).toBe('[redacted]');
  });

  it('shows an event with its cause, the events it caused and its correlation chain', async () => {
    const member = await make.newMember();
    const trackId = await make.newTrack({ owner: member });
    const stream = (await events({ stream: `track-${trackId}` })).events;
    const uploaded = stream.find((e) => e.type === 'TrackUploaded')!;
    const transcoded = stream.find((e) => e.type === 'TrackTranscoded')!;

    const upload = (await api().get(`/v1/admin/events/${uploaded.global_position}`).set(bearer(admin)).expect(200)).body.data;
    expect(upload.cause).toBeNull();
    expect(upload.caused.map((e: Listed) => e.global_position)).toEqual([transcoded.global_position]);
    expect(upload.chain.map((e: Listed) => e.global_position)).toEqual(expect.arrayContaining([uploaded.global_position, transcoded.global_position]));

    const outcome = (await api().get(`/v1/admin/events/${transcoded.global_position}`).set(bearer(admin)).expect(200)).body.data;
    expect(outcome.event).toMatchObject({ type: 'TrackTranscoded', metadata: { actor: 'system' }, actor_username: null });
    expect(outcome.cause.global_position).toBe(uploaded.global_position);

    await api().get('/v1/admin/events/999999999').set(bearer(admin)).expect(404);
    await api().get('/v1/admin/events/abc').set(bearer(admin)).expect(404);
  });

  it('replays a stream through its decider to any version and diffs two versions', async () => {
    const member = await make.newMember();
    const trackId = await make.newTrack({ owner: member, title: 'before the edit' });
    await api().put('/v1/manage/tracks').set(bearer(member)).send({ track_id: trackId, title: 'after the edit' }).expect(200);
    const url = `/v1/admin/streams/track-${trackId}`;
    const now = (await api().get(url).set(bearer(admin)).expect(200)).body.data;
    expect(now).toMatchObject({ model: 'trackDecider', version: 3, as_of: 3, state: { title: 'after the edit', status: 'ready' } });
    const before = (await api().get(url).query({ as_of: 2, compare: 3 }).set(bearer(admin)).expect(200)).body.data;
    expect(before.state).toMatchObject({ title: 'before the edit', status: 'ready' });
    expect(before.compare.changes).toEqual(expect.arrayContaining([{ type: 'CHANGE', path: ['title'], oldValue: 'after the edit', value: 'before the edit' }]));
    expect((await api().get(url).query({ as_of: 0 }).set(bearer(admin)).expect(200)).body.data.state).toEqual({ status: 'none' });
    const tooFar = await api().get(url).query({ as_of: 4 }).set(bearer(admin)).expect(400);
    expect(tooFar.body.msg.description).toBe("as_of and compare must be at most the stream's version (3)");
    await api().get('/v1/admin/streams/track-999999').set(bearer(admin)).expect(404);

    // A stream no decider owns still lists its events, with no state.
    await api().get(`/v1/tracks/${trackId}/play`).set(bearer(member)).expect(200);
    const listening = await waitFor(async () => {
      const res = await api().get(`/v1/admin/streams/listening-${member.me.id}`).set(bearer(admin));
      return res.status === 200 ? res.body.data : null;
    });
    expect(listening).toMatchObject({ model: null, state: null });
  });

  it('declines and invites waitlist requests: the invite mail goes out through the outbox', async () => {
    const ask = async (email: string) => {
      await api().post('/v1/access_request').send({ email, url: 'https://example.com/me', message: 'let me in' }).expect(201);
      const list = await api().get('/v1/admin/access_requests').query({ limit: 100 }).set(bearer(admin)).expect(200);
      return list.body.data.access_requests.find((r: { email: string }) => r.email === email);
    };
    const declined = await ask('declined@example.com');
    expect(declined).toMatchObject({ status: 'pending', message: 'let me in', url: 'https://example.com/me' });
    const overviewBefore = (await api().get('/v1/admin/overview').set(bearer(admin)).expect(200)).body.data;
    await api().post(`/v1/admin/access_requests/${declined.id}/decline`).set(bearer(admin)).expect(200);
    const again = await api().post(`/v1/admin/access_requests/${declined.id}/decline`).set(bearer(admin)).expect(409);
    expect(again.body.msg.description).toBe('This request has already been declined');
    const overviewAfter = (await api().get('/v1/admin/overview').set(bearer(admin)).expect(200)).body.data;
    expect(overviewAfter.waitlist.pending).toBe(overviewBefore.waitlist.pending - 1);
    const [event] = (await events({ stream: `accessrequest-${declined.id}`, type: 'AccessRequestDeclined' })).events;
    expect(event).toMatchObject({ metadata: { actor: admin.me.id }, data: { admin_id: admin.me.id } });

    const invited = await ask('invited@example.com');
    await api().post(`/v1/admin/access_requests/${invited.id}/invite`).set(bearer(admin)).expect(201);
    const mail = await mailTo(server.url, admin, 'invited@example.com', /invite/i);
    expect(mail.link).toMatch(/\/invite\?q=[0-9a-f]{12}$/);
    await api().post(`/v1/admin/access_requests/${invited.id}/decline`).set(bearer(admin)).expect(409);
    await api().post('/v1/admin/access_requests/not-an-id/decline').set(bearer(admin)).expect(404);
  });

  it('counts the overview: events, relay, transcodes, waitlist and unread contact messages marked read by an admin', async () => {
    const member: Member = await make.newMember();
    await api().post('/v1/contact').set(bearer(member)).send({ contact_type: 'feedback', email: member.email, username: member.me.username, message: 'nice console' }).expect(200);
    const overview = (await api().get('/v1/admin/overview').set(bearer(admin)).expect(200)).body.data;
    expect(overview.events.total).toBeGreaterThan(5);
    expect(overview.events.last_hour).toBeGreaterThan(5);
    expect(overview.events.head).toBeGreaterThanOrEqual(overview.events.total);
    expect(overview).toMatchObject({ mailer: 'dev-mailbox', contact: { unread: 1 }, transcode: { failed_24h: 0 } });
    expect(overview.relay.lag).toBeGreaterThanOrEqual(0);

    const list = (await api().get('/v1/admin/contact_messages').set(bearer(admin)).expect(200)).body.data.contact_messages;
    expect(list[0]).toMatchObject({ message: 'nice console', read_at: null });
    await api().post(`/v1/admin/contact_messages/${list[0].id}/read`).set(bearer(admin)).expect(200);
    await api().post(`/v1/admin/contact_messages/${list[0].id}/read`).set(bearer(admin)).expect(200);
    expect((await api().get('/v1/admin/overview').set(bearer(admin)).expect(200)).body.data.contact.unread).toBe(0);
    expect((await events({ stream: `contact-${list[0].id}`, type: 'ContactMessageRead' })).events).toHaveLength(1);
  });

  it('searches members by username, email or id, unverified ones included', async () => {
    const member = await make.newMember();
    const search = async (q: string) => (await api().get('/v1/admin/members').query({ q }).set(bearer(admin)).expect(200)).body.data.members;
    for (const q of [member.me.username.slice(2, 9), member.email.slice(0, 8).toUpperCase(), member.me.id]) {
      expect((await search(q)).map((m: { id: string }) => m.id)).toContain(member.me.id);
    }
    expect(await search('%')).toEqual([]);
    const [found] = await search(member.me.id);
    expect(found).toMatchObject({ username: member.me.username, email: member.email, role: 'member', tier: 'free', verified: true });
  });

  it('pages the member search, each page saying whether another follows', async () => {
    await make.newMember();
    await make.newMember();
    const page = async (offset: number, limit: number) =>
      (await api().get('/v1/admin/members').query({ limit, offset }).set(bearer(admin)).expect(200)).body.data as { members: { id: string }[]; has_more: boolean };
    // This suite's site holds far fewer than 100 accounts: one page of 100 is all of them.
    const all = await page(0, 100);
    expect(all.has_more).toBe(false);
    const paged: { id: string }[] = [];
    for (let offset = 0; offset < 100; offset += 2) {
      const { members, has_more } = await page(offset, 2);
      paged.push(...members);
      expect(has_more).toBe(offset + 2 < all.members.length);
      if (!has_more) break;
    }
    expect(paged).toEqual(all.members);
  });

  it("caps an admin's own invites only by the setting: none by default", async () => {
    const list = (await api().get('/v1/invite').set(bearer(admin)).expect(200)).body.data;
    expect(list.limits.invite).toBeNull();
    expect(admin.me.limits.invite).toBeNull();
    const made = await Promise.all(Array.from({ length: 8 }, () => api().post('/v1/invite').set(bearer(admin))));
    expect(made.map((res) => res.status)).toEqual(Array(8).fill(201));
  });
});
