import { reset as resetAlbumEditor } from '../features/albums/editor';
import { reset as resetAuth } from '../features/auth/store';
import { reset as resetCollectionEditor } from '../features/collections/editor';
import { reset as resetCollectionTicks } from '../features/collections/membership';
import { reset as resetCollections } from '../features/collections/store';
import { reset as resetPlayerUi } from '../features/player/store';
import { reset as resetTracks } from '../features/tracks/store';
import { reset as resetInvites } from '../features/invites/store';
import { reset as resetMembership } from '../features/membership/store';
import { reset as resetSupport } from '../features/support/store';
import { REALTIME_EVENTS, type DirectMessageCountPush, type DirectMessagePush } from '@stardeck/contracts/browser';
import { connectLive, disconnectLive, onLiveEvent } from '../features/notifications/live';
import { reset as resetNotifications } from '../features/notifications/store';
import { reset as resetProfiles } from '../features/profiles/store';
import { reset as resetTags } from '../features/tags/store';
import { reset as resetComments } from '../lib/comments/store';
import { loadSavedIds, reset as resetLibrary } from '../lib/library/store';
import { reset as resetLightbox } from '../lib/lightbox/store';
import { reset as resetModals } from '../lib/modals/store';
import { reset as resetPlayer } from '../lib/player/store';
import { reset as resetRevisions } from '../lib/revisions/store';
import { onSignIn, onSignOut } from '../lib/session/lifecycle';
import { connectSonar, disconnectSonar } from '../features/sonar/connection';
import { resetListenAlong } from '../features/sonar/listen-along';
import { reset as resetSonar } from '../features/sonar/store';
import { receiveDirectMessage, receiveDirectMessageCount, reset as resetMessages } from '../features/messages/store';
import { loadLatestNews, reset as resetNews } from '../features/news/store';

/**
 * What each feature does when a sign-in ends (spec §4 logout), in this order: the footer player
 * first (stop playback, reset, hide), then Sonar (disconnect, reset) and news (clear) once it
 * exists, then the rest. Features that load something for the member after login or renewal
 * register with onSignIn the same way.
 */
export function registerSessionSteps(): void {
  // One live connection per tab, opened after login and reopened with the renewed token.
  onSignIn('notifications', connectLive);
  // Direct messages ride on it too: the header's count, the open conversation, a toast elsewhere.
  onLiveEvent<DirectMessagePush>(REALTIME_EVENTS.directMessage, (push) => receiveDirectMessage(push, window.location.pathname));
  onLiveEvent<DirectMessageCountPush>(REALTIME_EVENTS.directMessageCount, (push) => receiveDirectMessageCount(push.unread_message_count));
  // Spec §4: after login or renewal, connect to Sonar (idempotent: a renewal keeps the open socket).
  onSignIn('sonar', () => connectSonar());
  // Spec §4: after login or renewal, the saved-track ids, so SAVED shows wherever a track does.
  onSignIn('library', loadSavedIds);
  // Spec §4: after login or renewal, load the latest news (fetched again only once stale).
  onSignIn('news', () => loadLatestNews());
  onSignOut('player', resetPlayer);
  onSignOut('player-ui', resetPlayerUi);
  onSignOut('sonar', () => {
    resetListenAlong();
    disconnectSonar();
    resetSonar();
  });
  onSignOut('news', resetNews);
  onSignOut('messages', resetMessages);
  onSignOut('comments', resetComments);
  onSignOut('library', resetLibrary);
  onSignOut('tracks', resetTracks);
  onSignOut('modals', resetModals);
  onSignOut('lightbox', resetLightbox);
  onSignOut('invites', resetInvites);
  onSignOut('membership', resetMembership);
  onSignOut('support', resetSupport);
  onSignOut('profiles', resetProfiles);
  onSignOut('collections', () => {
    resetCollections();
    resetCollectionEditor();
    resetCollectionTicks();
  });
  onSignOut('notifications', () => {
    disconnectLive();
    resetNotifications();
  });
  onSignOut('albums', resetAlbumEditor);
  onSignOut('tags', resetTags);
  onSignOut('revisions', resetRevisions);
  onSignOut('auth', resetAuth);
}
