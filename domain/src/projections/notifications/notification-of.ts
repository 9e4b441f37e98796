import type { NotificationAction } from '@stardeck/contracts';
import type { ProjectedEvent } from '../../kit/projection';

/** The events that notify someone. */
export type NotifyingEventType = 'CommentPosted' | 'TrackSaved' | 'CollectionFollowed' | 'UserSubscribed';
export type NotifyingEvent = { [K in NotifyingEventType]: ProjectedEvent<K> }[NotifyingEventType];

/** One notification as the read model keeps it: who is told what, by whom, about which objects. */
export interface NotificationFacts {
  recipient_id: string;
  action: NotificationAction;
  actor_id: string;
  track_id: number | null;
  comment_id: number | null;
  thread_id: number | null;
  collection_id: number | null;
}

const about = { track_id: null, comment_id: null, thread_id: null, collection_id: null };

/**
 * Who an event notifies, and of what; null when it notifies nobody. Nobody is told of their own
 * action: a comment on one's own track, a reply to one's own comment, saving one's own track.
 * The read model and the push outbox both ask here, so they always agree.
 */
export function notificationOf(event: NotifyingEvent): NotificationFacts | null {
  const facts = factsOf(event);
  return facts && facts.recipient_id !== facts.actor_id ? facts : null;
}

function factsOf(event: NotifyingEvent): NotificationFacts | null {
  switch (event.type) {
    case 'CommentPosted': {
      const d = event.data;
      const comment = { ...about, actor_id: d.author_id, track_id: d.track_id, comment_id: d.comment_id };
      if (d.parent_id === null) return { ...comment, recipient_id: d.track_owner_id, action: 'comment' };
      if (d.parent_author_id === null) return null;
      return { ...comment, recipient_id: d.parent_author_id, action: 'comment_reply', thread_id: d.parent_id };
    }
    case 'TrackSaved': {
      const d = event.data;
      return { ...about, recipient_id: d.track_owner_id, action: 'save_track', actor_id: d.user_id, track_id: d.track_id };
    }
    case 'CollectionFollowed': {
      const d = event.data;
      return { ...about, recipient_id: d.collection_owner_id, action: 'follow_collection', actor_id: d.user_id, collection_id: d.collection_id };
    }
    case 'UserSubscribed': {
      const d = event.data;
      return { ...about, recipient_id: d.subject_id, action: 'subscribe', actor_id: d.subscriber_id };
    }
    default: {
      const unknown: never = event;
      throw new Error(`not a notifying event: ${JSON.stringify(unknown)}`);
    }
  }
}
