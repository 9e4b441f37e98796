import type { Tx } from '@stardeck/infra';
import { sql, type Expression } from 'kysely';
import { defineProjection } from '../../kit/projection';

interface StreamEntryRow { member_id: string; track_id: number; collection_id: number | null; owner_id: string; entered_at: Date }

/** Adds rows, keeping any already there: a row's time is fixed by the upload or the add it stands for. */
async function enter(tx: Tx, rows: Expression<StreamEntryRow>): Promise<void> {
  await tx.insertInto('stream_entries').columns(['member_id', 'track_id', 'collection_id', 'owner_id', 'entered_at'])
    .expression(rows).onConflict((oc) => oc.doNothing()).execute();
}

const uuid = (value: string) => sql<string>`${value}::uuid`;
const bigint = (value: number) => sql<number>`${value}::bigint`;
const noCollection = sql<number | null>`null::bigint`;
const at = (value: Date) => sql<Date>`${value}::timestamptz`;

/**
 * Members' streams, filled on write: an upload gets a row for each subscriber of its owner, and a
 * track added to a collection one for each follower of the collection. Subscribing or following
 * brings in what the subject already uploaded or the collection already holds; unsubscribing,
 * unfollowing, removing and deleting take the rows out again. Who may see a row is decided when it
 * is read (the visibility rules and the member's current subscriptions and follows), so a change
 * of visibility needs no work here.
 *
 * Async: a stream may lag its events by a moment. Who follows whom and what a collection holds are
 * read from their inline read models, which are never behind the event being applied. Each handler
 * sets the rows of the keys it touches from that state, and every row's time is that of the upload
 * or the add it stands for, so applying late, or replaying the whole log into the current state of
 * those models, ends with the same rows as applying live.
 */
export const streamProjection = defineProjection<
  'TrackUploaded' | 'TrackDeleted' | 'UserSubscribed' | 'UserUnsubscribed' | 'CollectionTrackAdded' | 'CollectionTrackRemoved'
  | 'CollectionDeleted' | 'CollectionFollowed' | 'CollectionUnfollowed'
>({
  name: 'stream',
  kind: 'async',
  tables: ['stream_entries'],
  handlers: {
    async TrackUploaded(event, tx) {
      const d = event.data;
      await enter(tx, tx.selectFrom('subscriptions').where('subject_id', '=', d.user_id).select([
        'subscriber_id as member_id', bigint(d.track_id).as('track_id'), noCollection.as('collection_id'), uuid(d.user_id).as('owner_id'),
        at(event.recorded_at).as('entered_at'),
      ]));
    },
    async TrackDeleted(event, tx) {
      await tx.deleteFrom('stream_entries').where('track_id', '=', event.data.track_id).execute();
    },
    async UserSubscribed(event, tx) {
      const d = event.data;
      await enter(tx, tx.selectFrom('tracks').where('user_id', '=', d.subject_id).select([
        uuid(d.subscriber_id).as('member_id'), 'id as track_id', noCollection.as('collection_id'), 'user_id as owner_id', 'created_at as entered_at',
      ]));
    },
    async UserUnsubscribed(event, tx) {
      await tx.deleteFrom('stream_entries').where('member_id', '=', event.data.subscriber_id).where('owner_id', '=', event.data.subject_id)
        .where('collection_id', 'is', null).execute();
    },
    async CollectionTrackAdded(event, tx) {
      const d = event.data;
      await enter(tx, tx.selectFrom('collection_follows').where('collection_id', '=', d.collection_id).select([
        'user_id as member_id', bigint(d.track_id).as('track_id'), bigint(d.collection_id).as('collection_id'), uuid(d.track_owner_id).as('owner_id'),
        at(event.recorded_at).as('entered_at'),
      ]));
    },
    async CollectionTrackRemoved(event, tx) {
      await tx.deleteFrom('stream_entries').where('collection_id', '=', event.data.collection_id).where('track_id', '=', event.data.track_id).execute();
    },
    async CollectionDeleted(event, tx) {
      await tx.deleteFrom('stream_entries').where('collection_id', '=', event.data.collection_id).execute();
    },
    async CollectionFollowed(event, tx) {
      const d = event.data;
      await enter(tx, tx.selectFrom('collection_tracks').innerJoin('tracks', 'tracks.id', 'collection_tracks.track_id')
        .where('collection_tracks.collection_id', '=', d.collection_id).select([
          uuid(d.user_id).as('member_id'), 'collection_tracks.track_id', 'collection_tracks.collection_id', 'tracks.user_id as owner_id',
          'collection_tracks.added_at as entered_at',
        ]));
    },
    async CollectionUnfollowed(event, tx) {
      await tx.deleteFrom('stream_entries').where('member_id', '=', event.data.user_id).where('collection_id', '=', event.data.collection_id).execute();
    },
  },
});
