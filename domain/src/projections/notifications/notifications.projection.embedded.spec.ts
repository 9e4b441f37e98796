import { describe, it } from 'vitest';
import { SPEC_MEMBERS, everyoneRegistered } from '../../kit/spec-accounts';
import { projectionSpec, type SpecEvent } from '../../kit/spec-helpers';
import { usersProjection } from '../users/users.projection';
import { notificationsProjection } from './notifications.projection';

const given = projectionSpec(notificationsProjection, { alongside: [usersProjection] });
const { owner, fan, other } = SPEC_MEMBERS;
/** The three registrations come first, so a spec's own events start at position 4. */
const at = (position: number) => `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`;
const history = (...events: SpecEvent[]) => [...everyoneRegistered(), ...events];

const comment = (comment_id: number, author_id: string, track_id = 7): SpecEvent => ({
  type: 'CommentPosted',
  data: { comment_id, track_id, track_owner_id: owner, author_id, parent_id: null, parent_author_id: null, text: `c${comment_id}`, track_timestamp: 3 },
});
const reply = (comment_id: number, author_id: string, parent: { id: number; author: string }): SpecEvent => ({
  type: 'CommentPosted',
  data: { comment_id, track_id: 7, track_owner_id: owner, author_id, parent_id: parent.id, parent_author_id: parent.author, text: `r${comment_id}`, track_timestamp: 0 },
});
const commentDeleted = (comment_id: number, parent_id: number | null = null): SpecEvent => ({
  type: 'CommentDeleted', data: { comment_id, track_id: 7, track_owner_id: owner, author_id: fan, parent_id, deleted_by: fan },
});
const saved = (user_id: string, track_id = 7): SpecEvent => ({ type: 'TrackSaved', data: { user_id, track_id, track_owner_id: owner } });
const unsaved = (user_id: string, track_id = 7): SpecEvent => ({ type: 'TrackUnsaved', data: { user_id, track_id, track_owner_id: owner } });
const followed = (user_id: string, collection_id = 3): SpecEvent =>
  ({ type: 'CollectionFollowed', data: { collection_id, collection_owner_id: owner, user_id } });
const unfollowed = (user_id: string, collection_id = 3): SpecEvent =>
  ({ type: 'CollectionUnfollowed', data: { collection_id, collection_owner_id: owner, user_id } });
const subscribed = (subscriber_id: string, subject_id = owner): SpecEvent => ({ type: 'UserSubscribed', data: { subscriber_id, subject_id } });
const unsubscribed = (subscriber_id: string, subject_id = owner): SpecEvent => ({ type: 'UserUnsubscribed', data: { subscriber_id, subject_id } });
const trackDeleted = (track_id: number): SpecEvent => ({
  type: 'TrackDeleted', data: { track_id, user_id: owner, source_key: 'k', artwork_key: null, renditions_prefix: `tracks/${track_id}/` },
});
const dismissed = (notification_id: string, user_id: string = owner): SpecEvent => ({ type: 'NotificationDismissed', data: { notification_id, user_id } });
const cleared = (through_position: number, user_id: string = owner): SpecEvent => ({ type: 'NotificationsCleared', data: { user_id, through_position } });

const none = { track_id: null, comment_id: null, thread_id: null, collection_id: null };
const albumFields = { title: 'Low Tide', slug: 'low-tide', description: null, release_date: '2026-11-01', artwork: null, tags: [] };
const albumCreated = (visibility: string): SpecEvent => ({
  type: 'AlbumCreated', data: { album_id: 5, user_id: owner, ...albumFields, visibility, track_ids: [7] },
});
const albumEdited = (announced: boolean): SpecEvent => ({
  type: 'AlbumEdited', data: { album_id: 5, user_id: owner, ...albumFields, visibility: 'public', previous_artwork_key: null, announced },
});

describe('notifications projection', () => {
  it('tells each member of what others did to their things, keyed by the event that did it', async () => {
    await given(...history(
      { ...comment(1, fan), recorded_at: new Date('2026-02-01T10:00:00Z') },
      reply(2, other, { id: 1, author: fan }),
      saved(fan),
      followed(other),
      subscribed(fan),
    )).then('notifications', [
      { id: at(4), recipient_id: owner, action: 'comment', actor_id: fan, ...none, track_id: 7, comment_id: 1, source_position: 4, created_at: new Date('2026-02-01T10:00:00Z') },
      { id: at(5), recipient_id: fan, action: 'comment_reply', actor_id: other, ...none, track_id: 7, comment_id: 2, thread_id: 1, source_position: 5 },
      { id: at(6), recipient_id: owner, action: 'save_track', actor_id: fan, ...none, track_id: 7 },
      { id: at(7), recipient_id: owner, action: 'follow_collection', actor_id: other, ...none, collection_id: 3 },
      { id: at(8), recipient_id: owner, action: 'subscribe', actor_id: fan, ...none },
    ], 'source_position');
  });

  it('tells nobody of their own actions', async () => {
    await given(...history(
      comment(1, owner), reply(2, fan, { id: 9, author: fan }), saved(owner), followed(owner), subscribed(owner, owner),
    )).then('notifications', []);
  });

  it('a reply to the track owner\'s own comment tells the owner once, as a reply', async () => {
    await given(...history(comment(1, owner), reply(2, fan, { id: 1, author: owner })))
      .then('notifications', [{ recipient_id: owner, action: 'comment_reply', actor_id: fan, comment_id: 2, thread_id: 1 }]);
  });

  it('comments on one track join the member\'s unread notification of it, which shows the newest; once dismissed, the next starts anew', async () => {
    await given(...history(comment(1, fan), comment(2, other), comment(3, fan, 8), comment(4, fan)))
      .then('notifications', [
        { id: at(6), action: 'comment', track_id: 8, comment_id: 3, source_position: 6 },
        { id: at(4), action: 'comment', track_id: 7, comment_id: 4, actor_id: fan, source_position: 7 },
      ], 'source_position');
    await given(...history(reply(1, other, { id: 9, author: fan }), reply(2, owner, { id: 9, author: fan })))
      .then('notifications', [{ id: at(4), recipient_id: fan, action: 'comment_reply', comment_id: 2, actor_id: owner, source_position: 5 }]);
    await given(...history(comment(1, fan), dismissed(at(4)), comment(2, other)))
      .then('notifications', [{ id: at(6), action: 'comment', comment_id: 2, actor_id: other }]);
  });

  it('an undone save, follow or subscription takes its notification back; doing it again tells anew', async () => {
    await given(...history(saved(fan), followed(fan), subscribed(fan), saved(other), unsaved(fan), unfollowed(fan), unsubscribed(fan)))
      .then('notifications', [{ action: 'save_track', actor_id: other }]);
    await given(...history(saved(fan), unsaved(fan), saved(fan)))
      .then('notifications', [{ id: at(6), action: 'save_track', actor_id: fan }]);
  });

  it('a deleted track, comment or collection takes its notifications with it', async () => {
    await given(...history(comment(1, fan), saved(fan), saved(fan, 8), trackDeleted(7)))
      .then('notifications', [{ action: 'save_track', track_id: 8 }]);
    await given(...history(comment(1, fan), reply(2, other, { id: 1, author: fan }), comment(3, other), commentDeleted(1)))
      .then('notifications', [{ action: 'comment', comment_id: 3 }]);
    await given(...history(followed(fan), followed(fan, 4), { type: 'CollectionDeleted', data: { collection_id: 3, user_id: owner, artwork_key: null } }))
      .then('notifications', [{ action: 'follow_collection', collection_id: 4 }]);
  });

  it('drops what its member dismissed, one by one or all up to a position, and keeps what came later', async () => {
    await given(...history(saved(fan), subscribed(fan), comment(1, other), dismissed(at(5))))
      .then('notifications', [{ id: at(4) }, { id: at(6) }], 'source_position');
    await given(...history(saved(fan), subscribed(fan), cleared(5), comment(1, other)))
      .then('notifications', [{ id: at(7), action: 'comment' }]);
  });

  it('no one dismisses another member\'s notification', async () => {
    await given(...history(saved(fan), dismissed(at(4), fan), cleared(10, fan)))
      .then('notifications', [{ id: at(4), recipient_id: owner }]);
  });

  it('an event applied twice makes one notification', async () => {
    await given(...history({ ...saved(fan), global_position: 4 }, { ...saved(fan), global_position: 4 }))
      .then('notifications', [{ id: at(4) }]);
  });

  it('tells the subscribers of the moment a public album comes out, once each, and takes it back with the album', async () => {
    const albumRows = (recipients: string[]) => recipients.map((recipient_id) => ({ recipient_id, action: 'new_album', actor_id: owner, ...none, album_id: 5 }));
    // The fan subscribed before and the other member after: only the fan hears of it, and a rebuild says the same.
    await given(...history(subscribed(fan), albumCreated('public'), subscribed(other)))
      .thenQuery((db) => db.selectFrom('notifications').select('recipient_id').where('action', '=', 'new_album').execute(), [{ recipient_id: fan }]);
    await given(...history(subscribed(fan), subscribed(other), unsubscribed(other), albumCreated('public')))
      .then('notifications', [...albumRows([fan]), { recipient_id: owner, action: 'subscribe', actor_id: fan }], 'action');
    // Made public later: told then, and not again on the next edit.
    await given(...history(subscribed(fan), albumCreated('private'), albumEdited(true), albumEdited(false)))
      .thenQuery((db) => db.selectFrom('notifications').select(['recipient_id', 'action']).where('action', '=', 'new_album').execute(), [{ recipient_id: fan, action: 'new_album' }]);
    await given(...history(subscribed(fan), albumCreated('public'), { type: 'AlbumDeleted', data: { album_id: 5, user_id: owner, artwork_key: null } }))
      .thenQuery((db) => db.selectFrom('notifications').select('id').where('action', '=', 'new_album').execute(), []);
  });
});
