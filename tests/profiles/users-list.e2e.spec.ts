import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkParam, mailTo, waitlistInvite } from '../auth/helpers';
import { createAudioFixtures, type AudioFixtures } from '../support/audio-fixtures';
import { bearer, member, startTracksWorld, uploadTrack, type Session, type TracksWorld } from '../tracks/helpers';

const SUMMARY_FIELDS = [
  'audio_count', 'avatar', 'bio', 'display_name', 'id', 'is_subscribed', 'joined_at', 'last_seen', 'slug', 'subscriber_count', 'username',
];
type Summary = { id: string; username: string; last_seen: string | null; audio_count: number; subscriber_count: number; is_subscribed: boolean };

describe('the member list: GET /v1/users', () => {
  let world: TracksWorld;
  let fixtures: AudioFixtures;
  let members: Session[];
  let [uploader, hider, fan, quiet]: Session[] = [];
  let publicTrack: number;
  let privateTrack: number;

  beforeAll(async () => {
    [world, fixtures] = await Promise.all([startTracksWorld(), createAudioFixtures()]);
    // One at a time: the list's default order is the order of sign-up.
    members = [];
    for (let i = 0; i < 4; i += 1) members.push(await member(world));
    [uploader, hider, fan, quiet] = members as [Session, Session, Session, Session];
    const mp3 = await fixtures.make('mp3');
    publicTrack = await uploadTrack(world, uploader!, mp3, { visibility: 'public' });
    privateTrack = await uploadTrack(world, hider!, mp3, { visibility: 'private' });
    await request(world.url).patch('/v1/manage/user').set(bearer(hider!)).send({ display_name: 'Zeta_Quasar 100%' }).expect(200);
    for (const subject of [uploader!, hider!]) await request(world.url).post('/v1/subscribe').set(bearer(fan!)).send({ username: subject.me.username }).expect(200);
    await request(world.url).post('/v1/subscribe').set(bearer(hider!)).send({ username: uploader!.me.username }).expect(200);
  });
  afterAll(async () => {
    await world?.stop();
    await fixtures?.remove();
  });

  const users = async (viewer: Session, query: Record<string, unknown> = {}) => {
    const res = await request(world.url).get('/v1/users').set(bearer(viewer)).query(query);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { users: Summary[]; total: number; has_more: boolean };
  };
  const ids = (page: { users: Summary[] }) => page.users.map((u) => u.id);
  const everyone = () => [world.admin, ...members].map((s) => s.me.id);

  it('lists verified members newest first, 10 a page, as user summaries with bio and last_seen', async () => {
    const email = 'pending@example.com';
    const invite = await waitlistInvite(world.url, world.admin, email);
    await request(world.url).post('/v1/create_account').send({
      email, username: 'pending_member', password: 'member-password', verify_password: 'member-password', terms: true, invitation_key: invite.key,
    }).expect(201);
    const page = await users(fan!);
    expect(page).toMatchObject({ total: 5, has_more: false });
    expect(ids(page)).toEqual([...everyone()].reverse());
    expect(Object.keys(page.users[0]!).sort()).toEqual(SUMMARY_FIELDS);
    const paged = await users(fan!, { limit: 2, offset: 2, sort_dir: 'asc' });
    expect(paged).toMatchObject({ total: 5, has_more: true });
    expect(ids(paged)).toEqual(everyone().slice(2, 4));
    // The pending account is nobody until verified, also on its profile.
    await request(world.url).get('/v1/users/pending_member').set(bearer(fan!)).expect(404);
    expect(linkParam((await mailTo(world.url, world.admin, email, /verify/i)).link, 'token')).toBeTruthy();
  });

  it('counts tracks listed to the viewer and tells whom the viewer follows', async () => {
    const seenBy = async (viewer: Session) => new Map((await users(viewer)).users.map((u) => [u.id, u]));
    const byFan = await seenBy(fan!);
    expect(byFan.get(uploader!.me.id)).toMatchObject({ audio_count: 1, subscriber_count: 2, is_subscribed: true });
    expect(byFan.get(hider!.me.id)).toMatchObject({ audio_count: 0, subscriber_count: 1, is_subscribed: true });
    expect((await seenBy(hider!)).get(hider!.me.id)).toMatchObject({ audio_count: 1, is_subscribed: false });
  });

  it('keeps only members with tracks listed to the viewer', async () => {
    expect(ids(await users(fan!, { has_tracks: true }))).toEqual([uploader!.me.id]);
    expect(new Set(ids(await users(hider!, { has_tracks: 'true' })))).toEqual(new Set([uploader!.me.id, hider!.me.id]));
    expect(privateTrack).toBeGreaterThan(publicTrack);
  });

  it('searches usernames and display names, in any case, anywhere in the name', async () => {
    expect(ids(await users(fan!, { search: uploader!.me.username.slice(3, 12).toUpperCase() }))).toEqual([uploader!.me.id]);
    expect(ids(await users(fan!, { search: 'quasar' }))).toEqual([hider!.me.id]);
    // LIKE wildcards are text like any other.
    expect(ids(await users(fan!, { search: '100%' }))).toEqual([hider!.me.id]);
    expect((await users(fan!, { search: '_%_' })).total).toBe(0);
    expect(await users(fan!, { search: 'nobody-by-that-name' })).toEqual({ users: [], total: 0, has_more: false });
  });

  it('sorts by username, followers, last seen and at random', async () => {
    const byName = [world.admin, ...members].map((s) => ({ id: s.me.id, name: String(s.me.username).toLowerCase() }))
      .sort((a, b) => a.name.localeCompare(b.name)).map((u) => u.id);
    expect(ids(await users(fan!, { sort_key: 'username', sort_dir: 'asc' }))).toEqual(byName);
    expect(ids(await users(fan!, { sort_key: 'username', sort_dir: 'desc' }))).toEqual([...byName].reverse());
    expect(ids(await users(fan!, { sort_key: 'followers_count' })).slice(0, 2)).toEqual([uploader!.me.id, hider!.me.id]);
    const random = await users(fan!, { sort_key: 'random' });
    expect(new Set(ids(random))).toEqual(new Set(everyone()));
    await request(world.url).get('/v1/users').set(bearer(fan!)).query({ sort_key: 'popularity' }).expect(400);
  });

  it('keeps last_seen up to date from signed-in requests, writing it at most once a minute', async () => {
    const lastSeen = async (session: Session) => (await users(fan!)).users.find((u) => u.id === session.me.id)!.last_seen;
    // This member has signed in and made no request since.
    expect(await lastSeen(quiet!)).toBeNull();
    const before = Date.now();
    await request(world.url).get('/v1/invite').set(bearer(quiet!)).expect(200);
    const first = await lastSeen(quiet!);
    expect(Date.parse(first!)).toBeGreaterThanOrEqual(before - 1000);
    await request(world.url).get('/v1/invite').set(bearer(quiet!)).expect(200);
    expect(await lastSeen(quiet!)).toBe(first);
    const recent = (await users(fan!, { sort_key: 'last_seen' })).users;
    expect(recent[0]!.id).toBe(quiet!.me.id);
    const times = recent.map((u) => Date.parse(u.last_seen!));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('pins only one of the member own tracks', async () => {
    const pin = (session: Session, id: number) => request(world.url).patch('/v1/manage/user').set(bearer(session)).send({ config: { pinned_track_id: id } });
    expect((await pin(uploader!, publicTrack).expect(200)).body.me.config.pinned_track_id).toBe(publicTrack);
    expect((await pin(uploader!, privateTrack).expect(400)).body.errors).toEqual({ 'config.pinned_track_id': 'Pinned track not found' });
  });
});
