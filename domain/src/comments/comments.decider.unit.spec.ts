import type { CommentEvent } from '@stardeck/contracts';
import { describe, expect, it } from 'vitest';
import { isDomainError } from '../kit/decider';
import { deciderSpec } from '../kit/spec-helpers';
import { CommentErrors, commentDecider, type CommentCommand } from './comments.decider';

const given = deciderSpec(commentDecider);
const track = { id: 7, owner_id: 'artist', duration: 61.8 };
const post: CommentCommand = { type: 'PostComment', comment_id: 1, author_id: 'fan', track, text: '  nice drop ', track_timestamp: 42, parent: null };
const posted: CommentEvent = {
  type: 'CommentPosted',
  data: { comment_id: 1, track_id: 7, track_owner_id: 'artist', author_id: 'fan', parent_id: null, parent_author_id: null, text: 'nice drop', track_timestamp: 42 },
};
const reply: CommentCommand = {
  type: 'PostComment', comment_id: 2, author_id: 'artist', track, text: 'thanks', track_timestamp: 0, parent: { id: 1, author_id: 'fan', track_timestamp: 42 },
};
const replied: CommentEvent = {
  type: 'CommentPosted',
  data: { comment_id: 2, track_id: 7, track_owner_id: 'artist', author_id: 'artist', parent_id: 1, parent_author_id: 'fan', text: 'thanks', track_timestamp: 42 },
};
const edit = (fields: Partial<Extract<CommentCommand, { type: 'EditComment' }>>): CommentCommand => ({
  type: 'EditComment', actor_id: 'fan', text: 'nice drop', track_duration: 61.8, ...fields,
});
const remove = (actor_id: string, actor_is_admin = false): CommentCommand => ({ type: 'DeleteComment', actor_id, actor_is_admin });

describe('comment decider', () => {
  it('posts trimmed text at a whole second, naming the track owner for notifications', () => {
    given([]).when(post).then([posted]);
    given([posted]).when(post).thenFails(CommentErrors.exists);
  });

  it('refuses blank text and timestamps that are not whole seconds within the track, saying the range', () => {
    given([]).when({ ...post, text: ' \n ' }).thenFails(CommentErrors.textRequired);
    for (const track_timestamp of [-1, 1.5, 62, 3600]) given([]).when({ ...post, track_timestamp }).thenFails(CommentErrors.timestampInvalid);
    given([]).when({ ...post, track_timestamp: 61 }).then([{ ...posted, data: { ...posted.data, track_timestamp: 61 } }]);
    const refusal = commentDecider.decide({ ...post, track_timestamp: 62 }, commentDecider.initialState());
    expect(isDomainError(refusal) && refusal.message).toBe('Timestamp must be between 0 and 61 seconds, within the track');
    // A track still processing has no length yet: only the start takes comments.
    given([]).when({ ...post, track: { ...track, duration: null }, track_timestamp: 1 }).thenFails(CommentErrors.timestampInvalid);
  });

  it('places a reply at its thread\'s timestamp and names the parent\'s author', () => {
    given([]).when(reply).then([replied]);
  });

  it('lets only the author edit, keeping a reply at its thread\'s place; an unchanged edit changes nothing', () => {
    given([posted]).when(edit({ text: ' better ', track_timestamp: 10 })).then([{
      type: 'CommentEdited', data: { comment_id: 1, track_id: 7, author_id: 'fan', text: 'better', track_timestamp: 10 },
    }]);
    given([posted]).when(edit({ text: 'better' })).then([{
      type: 'CommentEdited', data: { comment_id: 1, track_id: 7, author_id: 'fan', text: 'better', track_timestamp: 42 },
    }]);
    given([posted]).when(edit({})).thenNothing();
    given([posted]).when(edit({ actor_id: 'artist', text: 'mine' })).thenFails(CommentErrors.editNotAllowed);
    given([posted]).when(edit({ text: '' })).thenFails(CommentErrors.textRequired);
    given([posted]).when(edit({ track_timestamp: 99 })).thenFails(CommentErrors.timestampInvalid);
    given([replied]).when(edit({ actor_id: 'artist', text: 'thanks!', track_timestamp: 5 })).then([{
      type: 'CommentEdited', data: { comment_id: 2, track_id: 7, author_id: 'artist', text: 'thanks!', track_timestamp: 42 },
    }]);
  });

  it('lets the author, the track owner and admins delete, nobody else; a deleted comment is gone', () => {
    const deletedBy = (by: string): CommentEvent => ({
      type: 'CommentDeleted', data: { comment_id: 1, track_id: 7, track_owner_id: 'artist', author_id: 'fan', parent_id: null, deleted_by: by },
    });
    given([posted]).when(remove('fan')).then([deletedBy('fan')]);
    given([posted]).when(remove('artist')).then([deletedBy('artist')]);
    given([posted]).when(remove('root', true)).then([deletedBy('root')]);
    given([posted]).when(remove('stranger')).thenFails(CommentErrors.deleteNotAllowed);
    given([posted, deletedBy('fan')]).when(remove('fan')).thenFails(CommentErrors.notFound);
    given([posted, deletedBy('fan')]).when(edit({ text: 'again' })).thenFails(CommentErrors.notFound);
  });
});
