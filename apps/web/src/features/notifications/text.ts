import { displayName, type NotificationView } from '@stardeck/contracts/browser';

/** A piece of a notification's sentence: plain text, or text that links somewhere. */
export interface TextPart {
  text: string;
  to?: string;
}

const trackPath = (username: string, id: number) => `/${encodeURIComponent(username)}/tracks/${id}`;

/**
 * What the notification is about (spec §3): its track, else the metadata that stands in for it
 * (a reply whose track is gone or hidden), else its collection or album; null when none is named.
 */
function subject(n: NotificationView, ownerUsername: string): TextPart | null {
  if (n.track) return { text: n.track.title, to: trackPath(n.track.username, n.track.id) };
  if (n.collection) return { text: n.collection.name, to: `/${encodeURIComponent(ownerUsername)}/collections/${n.collection.id}` };
  if (n.album) return { text: n.album.title, to: `/${encodeURIComponent(n.album.username)}/albums/${n.album.id}` };
  const meta = n.metadata;
  if (meta.resource_title) {
    if (meta.resource_type === 'collection' && meta.resource_id !== undefined && meta.resource_username) {
      return { text: meta.resource_title, to: `/${encodeURIComponent(meta.resource_username)}/collections/${meta.resource_id}` };
    }
    if (meta.resource_id !== undefined && meta.resource_username) return { text: meta.resource_title, to: trackPath(meta.resource_username, meta.resource_id) };
    return { text: meta.resource_title };
  }
  return null;
}

/**
 * The sentence a notification shows, in parts so the view can link the actor and the subject
 * while every piece of member content stays text. Names follow the display-name rule.
 * `ownerUsername` is the signed-in member's (a followed collection is theirs).
 */
export function notificationText(n: NotificationView, ownerUsername: string): TextPart[] {
  const actor: TextPart = { text: displayName(n.actor), to: `/${encodeURIComponent(n.actor.username)}` };
  const about = subject(n, ownerUsername);
  const on = (lead: string, fallback: string): TextPart[] => (about ? [{ text: lead }, about] : [{ text: fallback }]);
  const quote = (comment: NotificationView['comment']): TextPart[] => (comment ? [{ text: `: “${comment.text}”` }] : []);
  switch (n.action) {
    case 'comment':
      return [actor, ...on(' commented on ', ' commented on your track'), ...quote(n.comment)];
    case 'comment_reply':
      return [actor, ...on(' replied to your comment on ', ' replied to your comment'), ...quote(n.comment)];
    case 'save_track':
      return [actor, ...on(' saved ', ' saved your track'), { text: ' to their library' }];
    case 'follow_collection':
      return [actor, ...on(' followed your collection ', ' followed your collection')];
    case 'subscribe':
      return [actor, { text: ' subscribed to you' }];
    case 'new_album':
      return [actor, ...on(' released a new album: ', ' released a new album')];
    default:
      // A kind this client does not know yet still says who did something, and to what.
      return [actor, { text: ` ${String((n as { action: unknown }).action).replaceAll('_', ' ')}` }, ...(about ? [{ text: ' ' }, about] : [])];
  }
}

/** The whole sentence as plain text (announcements, tests). */
export function notificationSentence(n: NotificationView, ownerUsername: string): string {
  return notificationText(n, ownerUsername).map((part) => part.text).join('');
}
