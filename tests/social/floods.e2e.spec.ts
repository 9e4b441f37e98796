import { MEMBER_CEILINGS, SOCIAL_MSG, socialStreamIds, type NotificationPush, type NotificationView } from '@stardeck/contracts';
import { collectionDecider, collectionsProjection, handleCommand } from '@stardeck/domain';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { factories, type Factories, type Member } from '../support/factories';
import { waitFor } from '../support/services';
import { connected, openSocket, recorder } from '../support/sockets';
import { startTracksWorld, type TracksWorld } from '../tracks/helpers';
import { call, eventCount, type Session } from './helpers';

const PARALLEL = 100;

/**
 * Writes that reach other members, and objects a member owns, under a flood of parallel requests:
 * comments are limited per member per minute and told to the track's owner once; collections
 * stop at the ceiling, counted in the transaction that creates them.
 */
describe('floods: comments and collections under 100 parallel requests', () => {
  let world: TracksWorld;
  let make: Factories;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    // No transcoder: tracks stay processing, which members may already open and comment on.
    world = await startTracksWorld({ roles: ['api', 'projector'] });
    make = factories(world);
  }, 120_000);
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(async () => {
    await world?.stop();
    await make?.dispose();
  });

  const members = (count: number) => Promise.all(Array.from({ length: count }, () => make.newMember()));
  const track = (owner: Session) => make.newTrack({ owner, visibility: 'public', status: 'processing' });
  const postComment = (session: Session, trackId: number, text: string) =>
    call(world, session, 'post', `/v1/comments/resource/track/${trackId}`, { text, track_timestamp: 0 });
  const notifications = async (session: Session) => (await call(world, session, 'get', '/v1/notifications')).body.data.notifications as NotificationView[];
  const commentCount = async (trackId: number) =>
    (await call(world, null, 'get', `/v1/comments/resource/track/${trackId}`)).body.data.total_comments as number;

  it('counts a member\'s comments before writing: of 100 posted in parallel, the minute\'s 20 land and the rest get 429', async () => {
    const [owner, flooder] = await members(2);
    const trackId = await track(owner);
    const replies = await Promise.all(Array.from({ length: PARALLEL }, (_, i) => postComment(flooder, trackId, `flood ${i}`)));
    const { limit } = MEMBER_CEILINGS.comments;
    expect(replies.filter((r) => r.status === 201)).toHaveLength(limit);
    const refused = replies.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(PARALLEL - limit);
    for (const res of refused) {
      expect(res.status).toBe(429);
      expect(res.body).toMatchObject({ status: 'error', status_code: 429, msg: { description: 'Too many requests. Please wait a moment and try again.' } });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(await commentCount(trackId)).toBe(limit);
    // Replies count against the same budget.
    const root = replies.find((r) => r.status === 201)!.body.data.comment.id as number;
    expect((await call(world, flooder, 'post', `/v1/comments/track/${root}/replies`, { text: 'one more' })).status).toBe(429);
  });

  it('100 comments on one track in parallel tell its owner once: one notification, pushed once, showing the newest comment', async () => {
    const owner = await make.newMember();
    const commenters = await members(PARALLEL / MEMBER_CEILINGS.comments.limit);
    const trackId = await track(owner);
    const socket = openSocket(world.url, owner.token);
    sockets.push(socket);
    const tab = recorder(socket);
    await connected(socket);

    const texts = commenters.flatMap((commenter) => Array.from({ length: MEMBER_CEILINGS.comments.limit }, (_, i) => ({ commenter, text: `${commenter.me.username} ${i}` })));
    expect(texts).toHaveLength(PARALLEL);
    const posted = await Promise.all(texts.map(({ commenter, text }) => postComment(commenter, trackId, text)));
    expect(posted.map((r) => r.status)).toEqual(Array(PARALLEL).fill(201));
    const newest = Math.max(...posted.map((r) => r.body.data.comment.id as number));

    const told = await waitFor(async () => {
      const list = await notifications(owner);
      return list.some((n) => n.comment?.id === newest) ? list : null;
    }, 20_000, 50);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ action: 'comment', track: { id: trackId }, comment: { id: newest } });
    expect((await call(world, owner, 'get', '/v1/notifications')).body.me.notification_count).toBe(1);

    // Something else that notifies the owner: once its push arrives, every comment push before it has gone out.
    const saver = await make.newMember();
    expect((await call(world, saver, 'post', '/v1/manage/library', { track_id: trackId })).status).toBe(200);
    await tab.next<NotificationPush>('notification', (push) => push.notification.action === 'save_track', 20_000);
    const commentPushes = tab.received.filter((r) => r.event === 'notification' && (r.payload as NotificationPush).notification.action === 'comment');
    expect(commentPushes).toHaveLength(1);

    // Dismissed, the next comment starts a new notification.
    expect((await call(world, owner, 'delete', `/v1/notifications/${told[0]!.id}`)).status).toBe(200);
    const late = await make.newMember();
    const after = (await postComment(late, trackId, 'after the dismissal')).body.data.comment.id as number;
    const next = await waitFor(async () => {
      const list = (await notifications(owner)).filter((n) => n.action === 'comment');
      return list.some((n) => n.comment?.id === after) ? list : null;
    }, 20_000, 50);
    expect(next.map((n) => n.id)).not.toContain(told[0]!.id);
    expect(next).toHaveLength(1);
  });

  it(`caps collections at ${MEMBER_CEILINGS.collections} per member, atomically: 150 parallel creates near the cap fill it exactly`, async () => {
    const collector: Member = await make.newMember();
    const create = (name: string) => call(world, collector, 'post', '/v1/manage/collections', { name, visibility: 'private' });
    // The member's first 950, through the collection command in one transaction (950 requests would take minutes on PGlite).
    const { store } = world.server.platform;
    await store.transaction(async (tx) => {
      for (let owned = 0; owned < MEMBER_CEILINGS.collections - 50; owned += 1) {
        const { rows } = await sql<{ id: string }>`select nextval('collection_id_seq') as id`.execute(tx);
        const id = Number(rows[0]!.id);
        await handleCommand(store, tx, collectionDecider, socialStreamIds.collection(id), {
          type: 'CreateCollection', collection_id: id, user_id: collector.me.id, name: `crate ${owned}`, description: null, visibility: 'private',
          artwork: null, owned, limit: MEMBER_CEILINGS.collections,
        }, { actor: collector.me.id }, collectionsProjection);
      }
    });
    const before = await eventCount(world);
    const flood = await Promise.all(Array.from({ length: 150 }, (_, i) => create(`flood ${i}`)));
    expect(flood.filter((r) => r.status === 201)).toHaveLength(50);
    const refused = flood.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(100);
    for (const res of refused) {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ status: 'error', msg: { title: 'Collection', description: SOCIAL_MSG.collectionLimitReached } });
    }
    expect(SOCIAL_MSG.collectionLimitReached).toBe('You can have at most 1000 collections. Delete one to make room for another.');
    expect(await eventCount(world)).toBe(before + 50);
    const mine = await call(world, collector, 'get', `/v1/collections/user/${collector.me.username}`, undefined, { limit: 5 });
    expect(mine.body.data.total).toBe(MEMBER_CEILINGS.collections);

    // Deleting one makes room for exactly one.
    const id = flood.find((r) => r.status === 201)!.body.data.collection.id as number;
    expect((await call(world, collector, 'delete', `/v1/manage/collections/${id}`)).status).toBe(200);
    const again = await Promise.all(Array.from({ length: 5 }, (_, i) => create(`again ${i}`)));
    expect(again.map((r) => r.status).sort()).toEqual([201, 403, 403, 403, 403]);
  });
});
