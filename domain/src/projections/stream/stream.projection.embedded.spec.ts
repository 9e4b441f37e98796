import { sql } from 'kysely';
import { describe, it } from 'vitest';
import { SPEC_MEMBERS, everyoneRegistered } from '../../kit/spec-accounts';
import { projectionSpec, type SpecEvent } from '../../kit/spec-helpers';
import { collectionsProjection } from '../collections/collections.projection';
import { deleted, uploaded } from '../spec-events';
import { subscriptionsProjection } from '../subscriptions/subscriptions.projection';
import { tracksProjection } from '../tracks/tracks.projection';
import { usersProjection } from '../users/users.projection';
import { streamProjection } from './stream.projection';

const given = projectionSpec(streamProjection, { alongside: [usersProjection, tracksProjection, subscriptionsProjection, collectionsProjection] });
const { owner, fan, other } = SPEC_MEMBERS;
const at = (text: string) => new Date(`2026-02-${text}Z`);

const upload = (trackId: number, when: string, by: string = owner): SpecEvent => ({ ...uploaded(trackId, by), recorded_at: at(when) });
const subscribe = (subscriber_id: string, subject_id: string = owner): SpecEvent => ({ type: 'UserSubscribed', data: { subscriber_id, subject_id } });
const unsubscribe = (subscriber_id: string, subject_id: string = owner): SpecEvent => ({ type: 'UserUnsubscribed', data: { subscriber_id, subject_id } });
const collection = (collection_id: number): SpecEvent => ({
  type: 'CollectionCreated', stream_id: `collection-${collection_id}`, stream_version: 1,
  data: { collection_id, user_id: other, name: `Picks ${collection_id}`, slug: 'picks', description: null, visibility: 'public', artwork: null },
});
const add = (collection_id: number, track_id: number, when: string): SpecEvent => ({
  type: 'CollectionTrackAdded', recorded_at: at(when), data: { collection_id, collection_owner_id: other, track_id, track_owner_id: owner },
});
const remove = (collection_id: number, track_id: number): SpecEvent =>
  ({ type: 'CollectionTrackRemoved', data: { collection_id, collection_owner_id: other, track_id } });
const follow = (collection_id: number, user_id: string = fan): SpecEvent =>
  ({ type: 'CollectionFollowed', data: { collection_id, collection_owner_id: other, user_id } });
const unfollow = (collection_id: number, user_id: string = fan): SpecEvent =>
  ({ type: 'CollectionUnfollowed', data: { collection_id, collection_owner_id: other, user_id } });

const uploadRow = (member_id: string, track_id: number, when: string) =>
  ({ member_id, track_id, collection_id: null, owner_id: owner, entered_at: at(when) });
const addRow = (member_id: string, track_id: number, collection_id: number, when: string) =>
  ({ member_id, track_id, collection_id, owner_id: owner, entered_at: at(when) });

type Row = ReturnType<typeof uploadRow> | ReturnType<typeof addRow>;
/** The whole table in a fixed order: by time, then the upload before the adds, then member. */
const rows = (...events: SpecEvent[]) => ({
  then: (expected: Row[]) => given(...events).thenQuery((db) => db.selectFrom('stream_entries').selectAll()
    .orderBy('entered_at').orderBy(sql`collection_id nulls first`).orderBy('member_id').orderBy('track_id').execute(), expected),
});

describe('stream projection', () => {
  it("gives an upload to each subscriber of its owner, at the upload's time, and to nobody else", async () => {
    await rows(...everyoneRegistered(), subscribe(fan), subscribe(other), upload(7, '03T10:00:00'), upload(8, '03T11:00:00', other))
      .then([uploadRow(fan, 7, '03T10:00:00'), uploadRow(other, 7, '03T10:00:00')]);
  });

  it('brings in what the subject uploaded before, and takes it out again on unsubscribe', async () => {
    await rows(...everyoneRegistered(), upload(7, '01T10:00:00'), upload(8, '02T10:00:00'), subscribe(fan))
      .then([uploadRow(fan, 7, '01T10:00:00'), uploadRow(fan, 8, '02T10:00:00')]);
    await rows(...everyoneRegistered(), upload(7, '01T10:00:00'), subscribe(fan), subscribe(other), upload(8, '02T10:00:00'), unsubscribe(fan))
      .then([uploadRow(other, 7, '01T10:00:00'), uploadRow(other, 8, '02T10:00:00')]);
  });

  it("gives a track added to a collection to its followers at the add's time, and the earlier adds to a new follower", async () => {
    await rows(...everyoneRegistered(), upload(7, '01T10:00:00'), upload(8, '01T11:00:00'), collection(3), add(3, 7, '04T09:00:00'),
      follow(3), add(3, 8, '05T09:00:00'))
      .then([addRow(fan, 7, 3, '04T09:00:00'), addRow(fan, 8, 3, '05T09:00:00')]);
  });

  it('keeps one row per way a track came, and each way leaves on its own', async () => {
    const start = [...everyoneRegistered(), subscribe(fan), upload(7, '01T10:00:00'), collection(3), collection(4),
      follow(3), follow(4), add(3, 7, '04T09:00:00'), add(4, 7, '05T09:00:00')];
    await rows(...start).then([
      uploadRow(fan, 7, '01T10:00:00'), addRow(fan, 7, 3, '04T09:00:00'), addRow(fan, 7, 4, '05T09:00:00'),
    ]);
    await rows(...start, unsubscribe(fan)).then([addRow(fan, 7, 3, '04T09:00:00'), addRow(fan, 7, 4, '05T09:00:00')]);
    await rows(...start, remove(3, 7)).then([uploadRow(fan, 7, '01T10:00:00'), addRow(fan, 7, 4, '05T09:00:00')]);
    await rows(...start, unfollow(4)).then([uploadRow(fan, 7, '01T10:00:00'), addRow(fan, 7, 3, '04T09:00:00')]);
    await rows(...start, { type: 'CollectionDeleted', data: { collection_id: 3, user_id: other, artwork_key: null } })
      .then([uploadRow(fan, 7, '01T10:00:00'), addRow(fan, 7, 4, '05T09:00:00')]);
  });

  it('takes a deleted track out of every stream', async () => {
    await rows(...everyoneRegistered(), subscribe(fan), upload(7, '01T10:00:00'), upload(8, '01T11:00:00'), collection(3), follow(3),
      add(3, 7, '04T09:00:00'), deleted(7, owner, 2))
      .then([uploadRow(fan, 8, '01T11:00:00')]);
  });

  it('ends where live application ends when the subscriptions and collections are already further on', async () => {
    // Resubscribed after leaving, re-added after a removal: the rows stand for the last subscription and the last add.
    await rows(...everyoneRegistered(), subscribe(fan), upload(7, '01T10:00:00'), unsubscribe(fan), upload(8, '02T10:00:00'), subscribe(fan),
      collection(3), follow(3), add(3, 7, '03T10:00:00'), remove(3, 7), add(3, 7, '06T10:00:00'))
      .then([uploadRow(fan, 7, '01T10:00:00'), uploadRow(fan, 8, '02T10:00:00'), addRow(fan, 7, 3, '06T10:00:00')]);
  });
});
