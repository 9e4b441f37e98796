import type { StoredEvent, Tx } from '@stardeck/infra';
import { sql } from 'kysely';
import { insertRows } from '../../kit/batch-writes';
import { defineProjection, type ProjectedEvent } from '../../kit/projection';
import { notificationOf, type NotificationFacts, type NotifyingEvent } from './notification-of';

export const NOTIFICATIONS = 'notifications';

/** Comments and replies: a burst of them on one track tells the member once (see notify). */
const COALESCED: ReadonlySet<NotificationFacts['action']> = new Set(['comment', 'comment_reply']);

/**
 * A comment (or reply) about a track the member already has an unread notification of that kind
 * for joins that notification instead of adding one: it now shows the newest comment, its author
 * and time, and moves up the list, keeping its id (so an open tab sees nothing new to count).
 * Once the member dismisses it, the next comment starts a new one.
 */
async function coalesce(event: NotifyingEvent, tx: Tx, facts: NotificationFacts): Promise<boolean> {
  if (!COALESCED.has(facts.action) || facts.track_id === null) return false;
  const joined = await tx.updateTable('notifications')
    .set({ actor_id: facts.actor_id, comment_id: facts.comment_id, thread_id: facts.thread_id, source_position: event.global_position, created_at: event.recorded_at })
    .where('recipient_id', '=', facts.recipient_id).where('action', '=', facts.action).where('track_id', '=', facts.track_id)
    .returning('id')
    .execute();
  return joined.length > 0;
}

const rowOf = (event: NotifyingEvent, facts: NotificationFacts) =>
  ({ id: event.event_id, ...facts, source_position: event.global_position, created_at: event.recorded_at });

async function notify(event: NotifyingEvent, tx: Tx): Promise<void> {
  const facts = notificationOf(event);
  if (!facts) return;
  if (await coalesce(event, tx, facts)) return;
  await tx.insertInto('notifications').values(rowOf(event, facts)).onConflict((oc) => oc.column('id').doNothing()).execute();
}

const NOTIFYING = new Set<string>(['CommentPosted', 'TrackSaved', 'CollectionFollowed', 'UserSubscribed']);
const isNotifying = (event: ProjectedEvent<string & NotifyingEvent['type']> | { type: string }): event is NotifyingEvent => NOTIFYING.has(event.type);
const COLUMNS = ['id', 'recipient_id', 'action', 'actor_id', 'track_id', 'comment_id', 'thread_id', 'collection_id', 'source_position', 'created_at'];

/** Takes back the notification of an action its actor undid. */
async function retract(tx: Tx, facts: Omit<NotificationFacts, 'comment_id' | 'thread_id'>): Promise<void> {
  let query = tx.deleteFrom('notifications')
    .where('recipient_id', '=', facts.recipient_id).where('action', '=', facts.action).where('actor_id', '=', facts.actor_id);
  query = facts.track_id === null ? query.where('track_id', 'is', null) : query.where('track_id', '=', facts.track_id);
  query = facts.collection_id === null ? query.where('collection_id', 'is', null) : query.where('collection_id', '=', facts.collection_id);
  await query.execute();
}

const nothingElse = { track_id: null, collection_id: null };

/**
 * A member's album, announced (made public for the first time): each of their subscribers of
 * this moment is told, one row each, keyed by the event and the recipient so a replay writes the
 * same ids.
 */
async function announceAlbum(event: ProjectedEvent<'AlbumCreated'> | ProjectedEvent<'AlbumEdited'>, tx: Tx): Promise<void> {
  const d = event.data;
  await tx.insertInto('notifications').columns(['id', 'recipient_id', 'action', 'actor_id', 'album_id', 'source_position', 'created_at'])
    .expression((eb) => eb.selectFrom('notification_audiences').where('subject_id', '=', d.user_id).where('subscriber_id', '!=', d.user_id).select([
      sql<string>`md5(${event.event_id} || ':' || notification_audiences.subscriber_id::text)::uuid`.as('id'),
      'subscriber_id as recipient_id', sql<'new_album'>`'new_album'`.as('action'), sql<string>`${d.user_id}::uuid`.as('actor_id'),
      sql<number>`${d.album_id}::bigint`.as('album_id'), sql<number>`${event.global_position}::bigint`.as('source_position'),
      sql<Date>`${event.recorded_at}::timestamptz`.as('created_at'),
    ]))
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** Events applied one at a time even in a rebuild's batch: they read or change the audiences. */
const ONE_AT_A_TIME = new Set<string>(['UserSubscribed', 'UserUnsubscribed', 'AlbumCreated', 'AlbumEdited']);

/**
 * Members' notifications (spec §3 Notification), made from the events that notify someone (see
 * notificationOf), and from a member's new album, which tells each of their subscribers (kept in
 * `notification_audiences`, as of the event), and kept newest first per member. Async: nothing a write decides depends on it.
 *
 * A row names what it is about by id and copies nothing, so readers join the current track,
 * comment and collection and show them only as the visibility module allows: one that turned
 * private to its reader hides the notification (and a change back shows it again). Comments on
 * one track are coalesced into one unread notification per member (see coalesce). What is
 * deleted takes its notifications with it, as does an undone save, follow or subscription (the
 * member is told what still stands, and toggling does not pile up notifications). Dismissed rows
 * go too; the inline dismissals model has hidden them already.
 */
export const notificationsProjection = defineProjection({
  name: NOTIFICATIONS,
  kind: 'async',
  tables: ['notifications', 'notification_audiences'],
  handlers: {
    CommentPosted: notify,
    TrackSaved: notify,
    CollectionFollowed: notify,
    async UserSubscribed(event, tx) {
      const d = event.data;
      await tx.insertInto('notification_audiences').values({ subject_id: d.subject_id, subscriber_id: d.subscriber_id })
        .onConflict((oc) => oc.columns(['subject_id', 'subscriber_id']).doNothing()).execute();
      await notify(event, tx);
    },
    async TrackUnsaved(event, tx) {
      const d = event.data;
      await retract(tx, { recipient_id: d.track_owner_id, action: 'save_track', actor_id: d.user_id, ...nothingElse, track_id: d.track_id });
    },
    async CollectionUnfollowed(event, tx) {
      const d = event.data;
      await retract(tx, { recipient_id: d.collection_owner_id, action: 'follow_collection', actor_id: d.user_id, ...nothingElse, collection_id: d.collection_id });
    },
    async UserUnsubscribed(event, tx) {
      const d = event.data;
      await tx.deleteFrom('notification_audiences').where('subject_id', '=', d.subject_id).where('subscriber_id', '=', d.subscriber_id).execute();
      await retract(tx, { recipient_id: d.subject_id, action: 'subscribe', actor_id: d.subscriber_id, ...nothingElse });
    },
    async CommentDeleted(event, tx) {
      // A thread's first comment goes with its replies, and so do the notifications of both.
      const id = event.data.comment_id;
      await tx.deleteFrom('notifications').where((eb) => eb.or([eb('comment_id', '=', id), eb('thread_id', '=', id)])).execute();
    },
    async TrackDeleted(event, tx) {
      await tx.deleteFrom('notifications').where('track_id', '=', event.data.track_id).execute();
    },
    async CollectionDeleted(event, tx) {
      await tx.deleteFrom('notifications').where('collection_id', '=', event.data.collection_id).execute();
    },
    async AlbumCreated(event, tx) {
      if (event.data.visibility === 'public') await announceAlbum(event, tx);
    },
    async AlbumEdited(event, tx) {
      if (event.data.announced) await announceAlbum(event, tx);
    },
    async AlbumDeleted(event, tx) {
      await tx.deleteFrom('notifications').where('album_id', '=', event.data.album_id).execute();
    },
    async NotificationDismissed(event, tx) {
      await tx.deleteFrom('notifications').where('id', '=', event.data.notification_id).where('recipient_id', '=', event.data.user_id).execute();
    },
    async NotificationsCleared(event, tx) {
      await tx.deleteFrom('notifications')
        .where('recipient_id', '=', event.data.user_id).where('source_position', '<=', event.data.through_position).execute();
    },
  },
  /**
   * Runs of notifying events go in as one multi-row insert; each event that takes notifications
   * back, or a comment that may join an earlier one, first writes the run before it, then is
   * applied as the single apply does, so the order holds.
   */
  async applyMany(events, tx) {
    let run: ReturnType<typeof rowOf>[] = [];
    const flush = async () => {
      await insertRows(tx, 'notifications', COLUMNS, run, sql`on conflict (id) do nothing`);
      run = [];
    };
    for (const event of events) {
      if (isNotifying(event) && !ONE_AT_A_TIME.has(event.type)) {
        const facts = notificationOf(event);
        // A comment may join an earlier unread notification (coalesce): it goes in on its own,
        // after the rows before it.
        if (facts && !(COALESCED.has(facts.action) && facts.track_id !== null)) {
          run.push(rowOf(event, facts));
          continue;
        }
        if (!facts) continue;
      }
      await flush();
      await notificationsProjection.apply(event as unknown as StoredEvent, tx);
    }
    await flush();
  },
});
