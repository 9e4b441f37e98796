import { toastFailure } from '../../lib/toasts/from-result';
import { getRoomHistory, getRoomInfo } from './api/room';
import { sonarStore, upsertMessages } from './store';

/**
 * The page of history before the oldest message shown (spec §7: GET /{roomId}/messages). Every
 * message held came from the room's newest end, so their number is the offset of the next page
 * back; a message that arrives meanwhile only makes a page overlap, and the overlap shows once.
 */
export async function loadOlderMessages(): Promise<void> {
  if (sonarStore.loadingOlder || !sonarStore.olderAvailable) return;
  const roomId = sonarStore.roomId;
  sonarStore.loadingOlder = true;
  const result = await getRoomHistory(roomId, sonarStore.messages.length);
  if (sonarStore.roomId !== roomId) return;
  sonarStore.loadingOlder = false;
  if (!result.ok) {
    toastFailure(result.failure);
    return;
  }
  const page = result.envelope.data!;
  upsertMessages(page.messages);
  sonarStore.olderAvailable = page.hasMore;
}

/** The room's size for its header (GET /{roomId}/info); kept current by the messages that arrive after. */
export async function loadRoomInfo(): Promise<void> {
  const roomId = sonarStore.roomId;
  const result = await getRoomInfo(roomId);
  if (result.ok && sonarStore.roomId === roomId) sonarStore.messageCount = result.envelope.data!.messageCount;
}
