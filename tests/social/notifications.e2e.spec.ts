import type { Me, NotificationCountPush, NotificationPush, NotificationView } from '@stardeck/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { factories, type Factories, type Member } from '../support/factories';
import { waitFor } from '../support/services';
import { accessToken, claimsOf, connected, openSocket, recorder, refusal } from '../support/sockets';
import { startTracksWorld, type TracksWorld } from '../tracks/helpers';
import { call, createCollection, eventCount, type Session } from './helpers';
import type { Socket } from 'socket.io-client';

interface Page {
  notifications: NotificationView[];
  total: number;
  has_more: boolean;
}

describe('notifications: of comments, replies, saves, follows and subscriptions, over HTTP and pushed live', () => {
  let world: TracksWorld;
  let make: Factories;
  /** Members who act in many tests; nobody acts on their things, so none of them is ever notified. */
  let fan: Member;
  let other: Member;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    // No transcoder: tracks stay processing, which members may already open, save and comment on.
    world = await startTracksWorld({ roles: ['api', 'projector'] });
    make = factories(world);
    [fan, other] = await Promise.all([make.newMember(), make.newMember()]);
  }, 120_000);
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(async () => {
    await world?.stop();
    await make?.dispose();
  });

  const members = (count: number) => Promise.all(Array.from({ length: count }, () => make.newMember()));
  const track = (owner: Session, visibility: 'public' | 'unlisted' | 'private' = 'public') => make.newTrack({ owner, visibility, status: 'processing' });
  const list = (session: Session | null, query: object = {}) => call(world, session, 'get', '/v1/notifications', undefined, query);
  const page = async (session: Session, query: object = {}) => {
    const res = await list(session, query);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { ...(res.body.data as Page), me: res.body.me as Me };
  };
  /** The projection is async: wait until the member's list satisfies `done`. */
  const settled = (session: Session, done: (p: Page) => boolean, query: object = {}) =>
    waitFor(async () => {
      const p = await page(session, query);
      return done(p) ? p : null;
    }, 10_000, 50);
  const expectOk = (res: { status: number; body: unknown }, status = 200) => expect(res.status, JSON.stringify(res.body)).toBe(status);
  const comment = async (session: Session, trackId: number, text = 'nice') => {
    const res = await call(world, session, 'post', `/v1/comments/resource/track/${trackId}`, { text, track_timestamp: 0 });
    expectOk(res, 201);
    return res.body.data.comment.id as number;
  };
  const reply = async (session: Session, commentId: number, text = 'agreed') => {
    const res = await call(world, session, 'post', `/v1/comments/track/${commentId}/replies`, { text });
    expectOk(res, 201);
    return res.body.data.comment.id as number;
  };
  const save = async (session: Session, trackId: number) => expectOk(await call(world, session, 'post', '/v1/manage/library', { track_id: trackId }));
  const subscribe = async (session: Session, to: Member) => expectOk(await call(world, session, 'post', '/v1/subscribe', { username: to.me.username }));
  const actor = (m: Member) => ({ id: m.me.id, username: m.me.username, display_name: null, slug: m.me.slug, avatar: null });
  const socketOf = async (session: Session) => {
    const socket = openSocket(world.url, session.token);
    sockets.push(socket);
    const heard = recorder(socket);
    await connected(socket);
    return heard;
  };

  describe('over HTTP', () => {
    it('tells the track owner of a comment and the comment\'s author of a reply, with the spec\'s payload', async () => {
      const [owner, commenter] = await members(2);
      const trackId = await track(owner);
      const commentId = await comment(commenter, trackId, 'that bassline');
      const replyId = await reply(other, commentId, 'right?');

      const toOwner = await settled(owner, (p) => p.notifications.length === 1);
      expect(toOwner.notifications[0]).toEqual({
        id: expect.any(String), action: 'comment', created: expect.any(String), actor: actor(commenter),
        metadata: { resource_type: 'track', resource_id: trackId, resource_title: expect.any(String), resource_username: owner.me.username },
        track: { id: trackId, title: expect.any(String), slug: expect.any(String), username: owner.me.username, display_name: null },
        comment: { id: commentId, text: 'that bassline', track_id: trackId }, comment_thread: null, collection: null, album: null,
      });
      expect(toOwner.me.notification_count).toBe(1);

      const toCommenter = await settled(commenter, (p) => p.notifications.length === 1);
      expect(toCommenter.notifications[0]).toMatchObject({
        action: 'comment_reply', actor: actor(other), track: { id: trackId },
        comment: { id: replyId, text: 'right?', track_id: trackId }, comment_thread: { id: commentId, text: 'that bassline', track_id: trackId },
        metadata: { resource_type: 'track', resource_id: trackId, resource_username: owner.me.username },
      });
    });

    it('tells of saves, collection follows and subscriptions, newest first; an undone one is taken back', async () => {
      const [owner] = await members(1);
      const trackId = await track(owner);
      const collectionId = await createCollection(world, owner, { name: 'Late Shift' });
      await save(fan, trackId);
      expectOk(await call(world, fan, 'post', `/v1/manage/collections/${collectionId}/follow`));
      await subscribe(fan, owner);

      const all = await settled(owner, (p) => p.notifications.length === 3);
      expect(all.notifications.map((n) => n.action)).toEqual(['subscribe', 'follow_collection', 'save_track']);
      const [subscribed, followed, saved] = all.notifications;
      expect(subscribed).toMatchObject({ actor: actor(fan), metadata: {}, track: null, comment: null, collection: null });
      expect(followed).toMatchObject({
        collection: { id: collectionId, name: 'Late Shift', slug: expect.any(String) }, track: null,
        metadata: { resource_type: 'collection', resource_id: collectionId, resource_title: 'Late Shift', resource_username: owner.me.username },
      });
      expect(saved).toMatchObject({ track: { id: trackId, username: owner.me.username }, comment: null });

      expectOk(await call(world, fan, 'delete', '/v1/subscribe', { username: owner.me.username }));
      const after = await settled(owner, (p) => p.notifications.length === 2);
      expect(after.notifications.map((n) => n.action)).toEqual(['follow_collection', 'save_track']);
    });

    it('tells nobody of their own comments, replies and saves', async () => {
      const [owner] = await members(1);
      const trackId = await track(owner);
      await reply(owner, await comment(owner, trackId));
      await save(owner, trackId);
      // Made last: once it shows, everything before it has been projected.
      await subscribe(fan, owner);
      const p = await settled(owner, (q) => q.notifications.length > 0);
      expect(p.notifications.map((n) => n.action)).toEqual(['subscribe']);
    });

    it('hides a notification while its track is private to the reader, and drops it when the track is deleted', async () => {
      const [owner, commenter] = await members(2);
      const trackId = await track(owner);
      await reply(other, await comment(commenter, trackId));
      await settled(commenter, (p) => p.notifications.length === 1);
      await settled(owner, (p) => p.notifications.length === 1);
      const edit = (visibility: string) => call(world, owner, 'put', '/v1/manage/tracks', { track_id: trackId, title: 'Diary', visibility });

      expectOk(await edit('private'));
      const hidden = await page(commenter);
      expect(hidden).toMatchObject({ notifications: [], total: 0, has_more: false, me: { notification_count: 0 } });
      // The owner may still open the track, so their own notification stays.
      expect((await page(owner)).total).toBe(1);

      expectOk(await edit('public'));
      expect((await page(commenter)).notifications[0]).toMatchObject({ action: 'comment_reply', track: { id: trackId, title: 'Diary' } });

      expectOk(await call(world, owner, 'delete', '/v1/manage/tracks', { track_id: trackId }));
      expect((await page(commenter)).total).toBe(0);
      expect((await page(owner)).total).toBe(0);
    });

    it('dismisses one or all, answering with the unread count; what arrives later stays', async () => {
      const [owner] = await members(1);
      // One track each: comments on one track are told as one notification.
      const trackIds = [await track(owner), await track(owner), await track(owner)];
      for (const [i, text] of ['one', 'two', 'three'].entries()) await comment(fan, trackIds[i]!, text);
      const trackId = trackIds[0]!;
      const before = await settled(owner, (p) => p.notifications.length === 3);
      expect(before.me.notification_count).toBe(3);

      const first = before.notifications[0]!.id;
      const dismissed = await call(world, owner, 'delete', `/v1/notifications/${first}`);
      expectOk(dismissed);
      expect(dismissed.body.me.notification_count).toBe(2);
      expect((await page(owner)).notifications.map((n) => n.id)).not.toContain(first);
      // Again (a retry, another tab): still fine, nothing changes.
      const again = await call(world, owner, 'delete', `/v1/notifications/${first}`);
      expectOk(again);
      expect(again.body.me.notification_count).toBe(2);
      // Every `me` carries the count.
      const profile = await call(world, owner, 'patch', '/v1/manage/user', { bio: 'night shifts' });
      expect(profile.body.me.notification_count).toBe(2);

      const cleared = await call(world, owner, 'post', '/v1/notifications/delete-all');
      expectOk(cleared);
      expect(cleared.body.me.notification_count).toBe(0);
      expect(await page(owner)).toMatchObject({ notifications: [], total: 0, has_more: false });
      expectOk(await call(world, owner, 'post', '/v1/notifications/delete-all'));

      await comment(fan, trackId, 'four');
      const later = await settled(owner, (p) => p.notifications.length === 1);
      expect(later.notifications[0]!.comment?.text).toBe('four');
      expect(later.me.notification_count).toBe(1);
    });

    it('is for its member alone: visitors get 401, and another member or an admin cannot dismiss it (404, nothing written)', async () => {
      const [owner] = await members(1);
      await subscribe(fan, owner);
      const [note] = (await settled(owner, (p) => p.notifications.length === 1)).notifications;
      for (const res of [
        await list(null), await call(world, null, 'delete', `/v1/notifications/${note!.id}`), await call(world, null, 'post', '/v1/notifications/delete-all'),
      ]) expect(res.status).toBe(401);

      const events = await eventCount(world);
      const stolen = await call(world, fan, 'delete', `/v1/notifications/${note!.id}`);
      expect(stolen.status).toBe(404);
      expect(stolen.body.msg.description).toBe('Notification not found');
      expect((await call(world, world.admin, 'delete', `/v1/notifications/${note!.id}`)).status).toBe(404);
      expect((await call(world, fan, 'delete', '/v1/notifications/not-a-notification')).status).toBe(404);
      expect(await eventCount(world)).toBe(events);
      expect((await page(owner)).notifications.map((n) => n.id)).toEqual([note!.id]);
    });

    it('pages newest first, 20 to a page by default', async () => {
      const [owner, odd, even] = await members(3);
      // A track each (comments on one track are told as one notification), and two commenters to
      // stay within the comment rate; 21 uploads in an hour need more than the free plan's 20.
      await make.setTier(owner, 'core');
      const trackIds = await Promise.all(Array.from({ length: 21 }, () => track(owner)));
      for (let i = 1; i <= 21; i++) await comment(i % 2 ? odd : even, trackIds[i - 1]!, `c${i}`);
      const first = await settled(owner, (p) => p.total === 21 && p.notifications.length === 20);
      expect(first.notifications).toHaveLength(20);
      expect(first.has_more).toBe(true);
      expect(first.notifications[0]!.comment?.text).toBe('c21');
      const last = await page(owner, { offset: 20 });
      expect(last).toMatchObject({ total: 21, has_more: false });
      expect(last.notifications.map((n) => n.comment?.text)).toEqual(['c1']);
      expect((await page(owner, { limit: 5, offset: 5 })).notifications.map((n) => n.comment?.text)).toEqual(['c16', 'c15', 'c14', 'c13', 'c12']);
      for (const query of [{ limit: 0 }, { limit: 101 }, { offset: -1 }, { limit: 'x' }]) {
        expect((await list(owner, query)).status, JSON.stringify(query)).toBe(400);
      }
    });
  });

  describe('live, over one Socket.IO connection per tab', () => {
    it('a new notification reaches every open tab of its member within a second of the action, and nobody else', async () => {
      const [owner] = await members(1);
      const trackId = await track(owner);
      const [tabA, tabB, fanTab] = [await socketOf(owner), await socketOf(owner), await socketOf(fan)];

      const actedAt = Date.now();
      await save(fan, trackId);
      const [a, b] = await Promise.all([tabA, tabB].map((tab) => tab.next<NotificationPush>('notification', () => true, 5000)));
      for (const arrived of [a!, b!]) {
        expect(arrived.at - actedAt).toBeLessThan(1000);
        expect(arrived.payload).toMatchObject({ notification: { action: 'save_track', actor: actor(fan), track: { id: trackId } }, notification_count: 1 });
      }
      // What the tab got is what the list shows.
      expect((await page(owner)).notifications[0]).toEqual(a!.payload.notification);
      expect(fanTab.received).toEqual([]);
    });

    it('a dismissal in one tab updates the count in the others', async () => {
      const [owner] = await members(1);
      await subscribe(fan, owner);
      const [note] = (await settled(owner, (p) => p.notifications.length === 1)).notifications;
      const tab = await socketOf(owner);
      expectOk(await call(world, owner, 'delete', `/v1/notifications/${note!.id}`));
      expect((await tab.next<NotificationCountPush>('notification_count')).payload).toEqual({ notification_count: 0 });
    });

    it('refuses a connection without a valid access token', async () => {
      expect(await refusal(openSocket(world.url, undefined))).toBe('authentication required');
      expect(await refusal(openSocket(world.url, 'not-a-token'))).toBe('invalid token');
      const expired = accessToken(world.server.platform.config.jwtSecret, claimsOf(fan.token), -10);
      expect(await refusal(openSocket(world.url, expired))).toBe('token expired');
      const forged = accessToken('another-secret-that-is-long-enough-to-sign', claimsOf(fan.token), 600);
      expect(await refusal(openSocket(world.url, forged))).toBe('invalid token');
    });

    it('ends the connection when its token expires, and when its sign-in ends, before telling it anything more', async () => {
      const [owner] = await members(1);
      const shortLived = accessToken(world.server.platform.config.jwtSecret, claimsOf(owner.token), 2);
      const expiring = openSocket(world.url, shortLived);
      sockets.push(expiring);
      const expiringHeard = recorder(expiring);
      await connected(expiring);
      expect((await expiringHeard.next<{ reason: string }>('session_ended', () => true, 4000)).payload).toEqual({ reason: 'token expired' });

      const tab = await socketOf(owner);
      expectOk(await call(world, owner, 'post', '/v1/logout'));
      await subscribe(fan, owner);
      expect((await tab.next<{ reason: string }>('session_ended')).payload).toEqual({ reason: 'session ended' });
      expect(tab.received.map((r) => r.event)).toEqual(['session_ended']);
    });
  });
});
