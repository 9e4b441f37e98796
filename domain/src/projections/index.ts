import type { JobQueue, TranscodeJob } from '@stardeck/infra';
import { notificationPushOutbox, type NotificationPushPorts } from './notification-push/notification-push.outbox';
import { accountMailOutbox, type AccountMailPorts } from './account-mail/account-mail.outbox';
import type { Projection } from '../kit/projection';
import { accessRequestsProjection } from './access-requests/access-requests.projection';
import { albumsProjection } from './albums/albums.projection';
import { collectionsProjection } from './collections/collections.projection';
import { commentsProjection } from './comments/comments.projection';
import { invitesProjection } from './invites/invites.projection';
import { libraryProjection } from './library/library.projection';
import { listeningHistoryProjection } from './listening-history/listening-history.projection';
import { notificationDismissalsProjection } from './notification-dismissals/notification-dismissals.projection';
import { notificationsProjection } from './notifications/notifications.projection';
import { profilesProjection } from './profiles/profiles.projection';
import { statsProjection } from './stats/stats.projection';
import { subscriptionsProjection } from './subscriptions/subscriptions.projection';
import { tagUsageProjection } from './tag-usage/tag-usage.projection';
import { trackPlaysProjection } from './track-plays/track-plays.projection';
import { tracksProjection } from './tracks/tracks.projection';
import { transcodeDispatchProjection } from './transcode-dispatch/transcode-dispatch';
import { usersProjection } from './users/users.projection';
import { sonarHistoryProjection } from './sonar-history/sonar-history.projection';
import { contactMessagesProjection } from './contact-messages/contact-messages.projection';
import { membershipsProjection } from './memberships/memberships.projection';
import { conversationsProjection } from './conversations/conversations.projection';
import { newsProjection } from './news/news.projection';

/** Read models written in the appending transaction; rebuilt from the log in one transaction. */
export const INLINE_PROJECTIONS: readonly Projection[] = [
  usersProjection, invitesProjection, accessRequestsProjection, tracksProjection, profilesProjection, subscriptionsProjection,
  libraryProjection, collectionsProjection, commentsProjection, notificationDismissalsProjection,
  sonarHistoryProjection, contactMessagesProjection, membershipsProjection, conversationsProjection, newsProjection, albumsProjection,
];

/** Read models the projector applies from the bus and the log, each with its own checkpoint. */
export const ASYNC_PROJECTIONS: readonly Projection[] = [
  statsProjection, trackPlaysProjection, listeningHistoryProjection, tagUsageProjection, notificationsProjection,
];

/** Outboxes follow the log like async projections but send work out; they need this process's ports. */
export function outboxProjections(ports: { transcodeQueue: JobQueue<TranscodeJob> } & AccountMailPorts & NotificationPushPorts): Projection[] {
  return [transcodeDispatchProjection(ports.transcodeQueue), accountMailOutbox(ports), notificationPushOutbox(ports)];
}

export {
  accessRequestsProjection, collectionsProjection, commentsProjection, invitesProjection, libraryProjection, listeningHistoryProjection,
  notificationDismissalsProjection, notificationsProjection, profilesProjection, statsProjection, subscriptionsProjection, tagUsageProjection, trackPlaysProjection, tracksProjection, usersProjection,
  sonarHistoryProjection, contactMessagesProjection, membershipsProjection, conversationsProjection, newsProjection, albumsProjection,
};
export { TRANSCODE_DISPATCH, sentTranscodes, transcodeDispatchProjection } from './transcode-dispatch/transcode-dispatch';
export { ACCOUNT_MAIL, accountMailOutbox, type AccountMailPorts } from './account-mail/account-mail.outbox';
export { trackQueries, type TrackRow } from './tracks/tracks.queries';
export { NOTIFICATIONS } from './notifications/notifications.projection';
export { NOTIFICATION_DISMISSALS } from './notification-dismissals/notification-dismissals.projection';
export {
  DIRECT_MESSAGE_SIGNALS, NOTIFICATION_PUSH, NOTIFICATION_SIGNALS, notificationPushOutbox, type DirectMessageSignal, type NotificationPushPorts,
  type NotificationSignal,
} from './notification-push/notification-push.outbox';
