import { Injectable } from '@nestjs/common';
import { RealtimeGateway, type MemberSocketData } from './realtime.gateway';
import { SessionCheckService } from '../auth';
import { REALTIME_AUTH_ERRORS } from '@stardeck/contracts';

/**
 * Sends to a member's open tabs on this process. Every API process gets every push over the signal
 * bus and tells only the sockets it holds, so no Socket.IO adapter is needed to reach the others.
 */
@Injectable()
export class MemberChannel {
  constructor(
    private readonly gateway: RealtimeGateway,
    private readonly sessions: SessionCheckService,
  ) {}

  /** Whether this process holds any open socket of the member (most pushes concern nobody here). */
  isOpenHere(memberId: string): boolean {
    return this.gateway.socketsOf(memberId).length > 0;
  }

  /** Emits to the member's sockets whose sign-in is still live, ending the others instead. */
  async emit(memberId: string, event: string, payload: object): Promise<void> {
    const sockets = this.gateway.socketsOf(memberId);
    if (sockets.length === 0) return;
    const live = await this.sessions.liveFamilies(sockets.map((socket) => (socket.data as MemberSocketData).family));
    for (const socket of sockets) {
      if (live.has((socket.data as MemberSocketData).family)) socket.emit(event, payload);
      else this.gateway.end(socket, REALTIME_AUTH_ERRORS.ended);
    }
  }
}
