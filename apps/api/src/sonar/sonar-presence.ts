import { Injectable } from '@nestjs/common';
import type { SonarPlayback, SonarPresenceState, SonarUser } from '@stardeck/contracts';
import type { Namespace } from 'socket.io';

/** What the handshake and the member's own signals put on a chat socket's `data`. */
export interface SonarSocketData {
  memberId: string;
  name: string;
  family: string;
  isAdmin: boolean;
  roomId: string;
  isTyping: boolean;
  presenceState: SonarPresenceState;
  /** The player state this socket shares for listening along, or null. */
  playback: SonarPlayback | null;
}

/** One member's sockets in a room on one process. */
interface MemberHere extends SonarUser {
  socketIds: string[];
}

export const roomChannel = (roomId: string) => `sonar:${roomId}`;

/** Asked of every other API process through the adapter; each answers for its own sockets. */
const WHO_IS_HERE = 'sonar:who-is-here';

/**
 * Who is in a room right now. Each process knows its own sockets; the others are asked through the
 * Socket.IO adapter (`serverSideEmit`), and answer with one compact entry per member rather than
 * every socket. Presence and typing live only on the sockets: nothing here is written anywhere.
 */
@Injectable()
export class SonarPresence {
  private namespace: Namespace | null = null;

  attach(namespace: Namespace): void {
    this.namespace = namespace;
    namespace.on(WHO_IS_HERE, (roomId: unknown, reply: unknown) => {
      if (typeof roomId === 'string' && typeof reply === 'function') (reply as (members: MemberHere[]) => void)(this.here(roomId));
    });
  }

  /** One entry per member, however many tabs they have open on however many processes; typing if any tab types. */
  async users(roomId: string): Promise<SonarUser[]> {
    const members = new Map<string, SonarUser>();
    for (const entry of await this.everywhere(roomId)) {
      const known = members.get(entry.id);
      members.set(entry.id, {
        id: entry.id, name: entry.name, isTyping: (known?.isTyping ?? false) || entry.isTyping, presenceState: entry.presenceState,
        playback: known?.playback ?? entry.playback ?? null,
      });
    }
    return [...members.values()];
  }

  /** Whether the member has a socket in the room on any process, besides `except` (the one now joining). */
  async isPresent(roomId: string, memberId: string, except?: string): Promise<boolean> {
    return (await this.everywhere(roomId)).some((entry) => entry.id === memberId && entry.socketIds.some((id) => id !== except));
  }

  private async everywhere(roomId: string): Promise<MemberHere[]> {
    const namespace = this.namespace;
    const local = this.here(roomId);
    if (!namespace || (await namespace.adapter.serverCount()) <= 1) return local;
    // A process that does not answer within the adapter's timeout is left out (its answers so far are kept) rather than failing a join.
    const answers = await new Promise<MemberHere[][]>((resolve) => {
      const ask = namespace.serverSideEmit as (event: string, roomId: string, ack: (error: Error | null, responses: MemberHere[][]) => void) => boolean;
      ask.call(namespace, WHO_IS_HERE, roomId, (_error, responses) => resolve(responses ?? []));
    });
    return [...local, ...answers.flat()];
  }

  /** This process's sockets in the room, one entry per member. */
  private here(roomId: string): MemberHere[] {
    const namespace = this.namespace;
    const ids = namespace?.adapter.rooms.get(roomChannel(roomId));
    if (!namespace || !ids) return [];
    const members = new Map<string, MemberHere>();
    for (const id of ids) {
      const data = namespace.sockets.get(id)?.data as SonarSocketData | undefined;
      if (!data?.memberId) continue;
      const known = members.get(data.memberId);
      // One entry per member, extended in place: a member with many tabs must not cost a copy per tab.
      if (known) {
        known.isTyping ||= data.isTyping;
        known.presenceState = data.presenceState;
        known.playback ??= data.playback;
        known.socketIds.push(id);
      } else {
        members.set(data.memberId, {
          id: data.memberId, name: data.name, isTyping: data.isTyping, presenceState: data.presenceState, playback: data.playback, socketIds: [id],
        });
      }
    }
    return [...members.values()];
  }
}
