import { streamCategory } from '@stardeck/contracts';
import { accessRequestDecider } from './access-requests/access-requests.decider';
import { accountDecider } from './accounts/accounts.decider';
import { albumDecider } from './albums/albums.decider';
import { collectionFollowDecider } from './collections/collection-follow.decider';
import { collectionDecider } from './collections/collections.decider';
import { commentDecider } from './comments/comments.decider';
import { contactDecider } from './contact/contact.decider';
import { conversationDecider } from './conversations/conversation.decider';
import { inviteDecider } from './invites/invites.decider';
import { libraryDecider } from './library/library.decider';
import { membershipDecider } from './membership/membership.decider';
import { newsPostDecider } from './news/news-post.decider';
import { notificationDecider } from './notifications/notifications.decider';
import { profileDecider } from './profiles/profile.decider';
import { chatMessageDecider } from './sonar/chat-message.decider';
import { subscriptionDecider } from './subscriptions/subscription.decider';
import { trackDecider } from './tracks/tracks.decider';

/** The folding half of any decider: the console never decides a command with it. */
interface Fold {
  initialState: () => unknown;
  evolve: (state: never, event: never) => unknown;
}

export interface StreamModel {
  /** The decider's name, as the console shows it. */
  name: string;
  decider: Fold;
}

/**
 * Which write model owns each stream category (`track-42` → the track decider): the console
 * replays a stream through the same `evolve` that decides its commands. A category with no
 * decider (`listening-…`, appended without a decision) has only its events.
 */
const MODELS: Record<string, StreamModel> = {
  user: { name: 'accountDecider', decider: accountDecider },
  invite: { name: 'inviteDecider', decider: inviteDecider },
  accessrequest: { name: 'accessRequestDecider', decider: accessRequestDecider },
  contact: { name: 'contactDecider', decider: contactDecider },
  membership: { name: 'membershipDecider', decider: membershipDecider },
  track: { name: 'trackDecider', decider: trackDecider },
  profile: { name: 'profileDecider', decider: profileDecider },
  subscription: { name: 'subscriptionDecider', decider: subscriptionDecider },
  library: { name: 'libraryDecider', decider: libraryDecider },
  collection: { name: 'collectionDecider', decider: collectionDecider },
  collectionfollow: { name: 'collectionFollowDecider', decider: collectionFollowDecider },
  comment: { name: 'commentDecider', decider: commentDecider },
  notification: { name: 'notificationDecider', decider: notificationDecider },
  notifications: { name: 'notificationDecider', decider: notificationDecider },
  chatmessage: { name: 'chatMessageDecider', decider: chatMessageDecider },
  conversation: { name: 'conversationDecider', decider: conversationDecider },
  news: { name: 'newsPostDecider', decider: newsPostDecider },
  album: { name: 'albumDecider', decider: albumDecider },
};

export function streamModelOf(streamId: string): StreamModel | null {
  return MODELS[streamCategory(streamId)] ?? null;
}

/** The aggregate's state after its first `version` events (0: the initial state). */
export function foldTo(model: StreamModel, events: readonly { type: string; data: unknown }[], version: number): unknown {
  return events.slice(0, version).reduce<unknown>((state, event) => model.decider.evolve(state as never, event as never), model.decider.initialState());
}
