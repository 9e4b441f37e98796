/**
 * Chat messages are events: one stream per message (`chatmessage-{id}`), ids from a sequence.
 * Enter and leave notices are messages too, written by the gateway. Presence and typing are
 * ephemeral and never reach the log.
 */
export interface ChatMessagePosted {
  type: 'ChatMessagePosted';
  data: {
    message_id: number;
    room_id: string;
    author_id: string;
    content: string;
    reply_to_id: number | null;
    /** A public track shared with the message (listen along); absent in messages from before sharing existed. */
    shared_track_id?: number | null;
    /** ISO time; the decider needs it to close the edit window. */
    posted_at: string;
  };
}

export interface ChatMessageEdited {
  type: 'ChatMessageEdited';
  data: { message_id: number; room_id: string; author_id: string; content: string };
}

export interface ChatMessageDeleted {
  type: 'ChatMessageDeleted';
  data: { message_id: number; room_id: string; author_id: string; deleted_by: string };
}

/** '{name} has entered the building' or '… has left the building'; the name is read at display time. */
export interface ChatPresenceAnnounced {
  type: 'ChatPresenceAnnounced';
  data: { message_id: number; room_id: string; member_id: string; kind: 'entered' | 'left' };
}

export type ChatEvent = ChatMessagePosted | ChatMessageEdited | ChatMessageDeleted | ChatPresenceAnnounced;

export const chatStreamIds = {
  message: (id: number) => `chatmessage-${id}`,
};
