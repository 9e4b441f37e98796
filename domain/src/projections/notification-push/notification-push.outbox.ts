import { compareCursors, cursorOf, type Clock, type Db, type LogCursor, type SignalBus, type Tx } from '@stardeck/infra';
import { sql } from 'kysely';
import { defineOutbox, type OutboxStep, type ProjectedEvent, type Projection } from '../../kit/projection';
import { notificationOf, type NotifyingEvent } from '../notifications/notification-of';
import { NOTIFICATIONS } from '../notifications/notifications.projection';

export const NOTIFICATION_PUSH = 'notification_push';
/** The signal channel every API process listens on. */
export const NOTIFICATION_SIGNALS = 'notifications';
/** Where direct messages are signalled, to the API processes holding the recipient's or reader's sockets. */
export const DIRECT_MESSAGE_SIGNALS = 'direct_messages';

/**
 * "Member `user_id`'s notifications changed": a new one (`notification_id`), or some gone (null).
 * It names ids only; the API process that holds the member's sockets reads what the member may
 * see, as GET /v1/notifications would show it, and pushes that.
 */
export interface NotificationSignal {
  user_id: string;
  notification_id: string | null;
}

/**
 * "Member `user_id`'s direct messages changed": message `message_id` of `conversation_id` arrived
 * for them, or (null) they read that conversation. Ids only: the API process reads the message as
 * the member's own GET would, and the text never travels on the bus.
 */
export interface DirectMessageSignal {
  user_id: string;
  conversation_id: string;
  message_id: number | null;
}

export interface NotificationPushPorts {
  signals: SignalBus;
  clock: Clock;
}

/** Older than this, a push is not worth sending: the member's tabs have read the list since, or will on connecting. */
const STALE_AFTER_MS = 60_000;
/** How long a push waits for the notifications model to hold its event before going out regardless. */
const READ_MODEL_WAIT_MS = 3_000;
const READ_MODEL_POLL_MS = 10;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type LoggedEvent = Pick<ProjectedEvent<never>, 'recorded_at' | 'transaction_id' | 'global_position'>;

/**
 * Tells the API processes when a member's notifications or direct messages change, so that open
 * tabs hear of a new one within a second. It follows the log like any outbox: nothing is pushed for a write that
 * rolled back, and a crash delays pushes instead of losing them.
 *
 * A push waits until the notifications model has applied its event, since the API process that
 * gets it reads that model and must find the new notification there. Delivery is at least once (a
 * push sent just before a crash goes again) and clients tell repeats apart by the notification's
 * id, so nothing is recorded per push: a repeat costs a socket message, not a mail.
 */
export function notificationPushOutbox(ports: NotificationPushPorts): Projection {
  async function readModelHolds(db: Db | Tx, at: LogCursor): Promise<boolean> {
    const row = await db.selectFrom('projection_checkpoints')
      .select(['last_position', sql<string>`last_xid::text`.as('last_xid')])
      .where('name', '=', NOTIFICATIONS).where('status', '=', 'live').executeTakeFirst();
    return row !== undefined && compareCursors({ xid: row.last_xid, position: Number(row.last_position) }, at) >= 0;
  }

  /** Whether the notification an event made is still a row of its own (not joined to an earlier one, see notificationsProjection). */
  async function standsAlone(db: Db | Tx, notificationId: string): Promise<boolean> {
    return (await db.selectFrom('notifications').select('id').where('id', '=', notificationId).executeTakeFirst()) !== undefined;
  }

  /**
   * `coalesced`: the notification may have joined an earlier one about the same track, and the
   * member's tabs already hold that one and its count; then there is nothing new to push.
   */
  async function push(event: LoggedEvent, step: OutboxStep, signal: NotificationSignal | null, coalesced = false): Promise<void> {
    if (!signal) return;
    if (ports.clock.now().getTime() - event.recorded_at.getTime() > STALE_AFTER_MS) return;
    const held = await waitForReadModel(event, step);
    if (coalesced && held && signal.notification_id && !(await standsAlone(step.db, signal.notification_id))) return;
    await ports.signals.publish(NOTIFICATION_SIGNALS, signal);
  }

  /** Whether the notifications model applied the event, waiting a little for it. */
  async function waitForReadModel(event: LoggedEvent, step: OutboxStep): Promise<boolean> {
    const at = cursorOf(event);
    const deadline = Date.now() + READ_MODEL_WAIT_MS;
    let held = await readModelHolds(step.db, at);
    while (!held && Date.now() < deadline) {
      await sleep(READ_MODEL_POLL_MS);
      held = await readModelHolds(step.db, at);
    }
    return held;
  }

  /**
   * A new album tells each subscriber the notifications model found for it: their rows are read
   * once the model holds the event, and each gets its own push.
   */
  async function pushAlbum(event: LoggedEvent, step: OutboxStep, announced: boolean): Promise<void> {
    if (!announced || ports.clock.now().getTime() - event.recorded_at.getTime() > STALE_AFTER_MS) return;
    if (!(await waitForReadModel(event, step))) return;
    const rows = await step.db.selectFrom('notifications').select(['id', 'recipient_id'])
      .where('source_position', '=', event.global_position).where('action', '=', 'new_album').execute();
    for (const row of rows) await ports.signals.publish(NOTIFICATION_SIGNALS, { user_id: row.recipient_id, notification_id: row.id });
  }

  /**
   * Direct messages are read from an inline model, which holds them from the moment their event
   * commits: nothing to wait for.
   */
  async function pushMessage(event: LoggedEvent, signal: DirectMessageSignal): Promise<void> {
    if (ports.clock.now().getTime() - event.recorded_at.getTime() > STALE_AFTER_MS) return;
    await ports.signals.publish(DIRECT_MESSAGE_SIGNALS, signal);
  }

  const created = (event: NotifyingEvent, step: OutboxStep) => {
    const facts = notificationOf(event);
    return push(event, step, facts && { user_id: facts.recipient_id, notification_id: event.event_id }, event.type === 'CommentPosted');
  };
  /** Notifications taken back or dismissed: the count changed. An actor's own undo told nobody anything. */
  const changed = (event: LoggedEvent, step: OutboxStep, userId: string, actorId?: string) =>
    push(event, step, userId === actorId ? null : { user_id: userId, notification_id: null });

  return defineOutbox({
    name: NOTIFICATION_PUSH,
    handlers: {
      CommentPosted: created,
      TrackSaved: created,
      CollectionFollowed: created,
      UserSubscribed: created,
      AlbumCreated: (event, step) => pushAlbum(event, step, event.data.visibility === 'public'),
      AlbumEdited: (event, step) => pushAlbum(event, step, event.data.announced),
      TrackUnsaved: (event, step) => changed(event, step, event.data.track_owner_id, event.data.user_id),
      CollectionUnfollowed: (event, step) => changed(event, step, event.data.collection_owner_id, event.data.user_id),
      UserUnsubscribed: (event, step) => changed(event, step, event.data.subject_id, event.data.subscriber_id),
      NotificationDismissed: (event, step) => changed(event, step, event.data.user_id),
      NotificationsCleared: (event, step) => changed(event, step, event.data.user_id),
      DirectMessageSent: (event) => pushMessage(event, { user_id: event.data.recipient_id, conversation_id: event.data.conversation_id, message_id: event.data.message_id }),
      // Read in one tab: the member's other tabs take the badge down.
      ConversationRead: (event) => pushMessage(event, { user_id: event.data.reader_id, conversation_id: event.data.conversation_id, message_id: null }),
    },
  });
}
