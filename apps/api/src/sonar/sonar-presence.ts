import { Injectable } from '@nestjs/common';
import type { SonarPresenceState, SonarUser } from '@stardeck/contracts';
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
}

export const roomChannel = (roomId: string) => `sonar:${roomId}`;

/**
 * Who is in a room right now, asked of every API process through the Socket.IO adapter
 * (`fetchSockets` reaches the sockets other processes hold). Presence and typing live only on the
 * sockets: nothing here is written anywhere.
 */
@Injectable()
export class SonarPresence {
  private namespace: Namespace | null = null;

  attach(namespace: Namespace): void {
    this.namespace = namespace;
  }

  async sockets(roomId: string): Promise<(SonarSocketData & { socketId: string })[]> {
    if (!this.namespace) return [];
    const sockets = await this.namespace.in(roomChannel(roomId)).fetchSockets();
    return sockets.filter((socket) => (socket.data as SonarSocketData | undefined)?.memberId)
      .map((socket) => ({ ...(socket.data as SonarSocketData), socketId: socket.id }));
  }

  /** One entry per member, however many tabs they have open; typing if any tab types. */
  async users(roomId: string): Promise<SonarUser[]> {
    const members = new Map<string, SonarUser>();
    for (const data of await this.sockets(roomId)) {
      const known = members.get(data.memberId);
      members.set(data.memberId, {
        id: data.memberId, name: data.name, isTyping: (known?.isTyping ?? false) || data.isTyping, presenceState: data.presenceState ?? known?.presenceState ?? 'idle',
      });
    }
    return [...members.values()];
  }

  /** Whether the member has a socket in the room on any process, besides `except` (the one now joining). */
  async isPresent(roomId: string, memberId: string, except?: string): Promise<boolean> {
    return (await this.sockets(roomId)).some((data) => data.memberId === memberId && data.socketId !== except);
  }
}
