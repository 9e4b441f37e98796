import type { Socket } from 'socket.io';

/**
 * How many sockets each member holds open on this process, with a ceiling. A place is taken in
 * the handshake, after the token is checked and before the socket connects, with no await between
 * the check and the count: a burst of parallel handshakes cannot all pass. It is given back once,
 * when the socket disconnects or its connection closes before it connected.
 */
export class SocketCeiling {
  private readonly open = new Map<string, number>();

  constructor(private readonly max: number) {}

  /** Takes a place for the member's new socket; false when they hold `max` already. */
  take(memberId: string, socket: Socket): boolean {
    const held = this.open.get(memberId) ?? 0;
    if (held >= this.max) return false;
    this.open.set(memberId, held + 1);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      socket.conn.off('close', release);
      const now = (this.open.get(memberId) ?? 1) - 1;
      if (now > 0) this.open.set(memberId, now);
      else this.open.delete(memberId);
    };
    socket.once('disconnect', release);
    socket.conn.once('close', release);
    return true;
  }

  /** Sockets the member holds open here now. */
  held(memberId: string): number {
    return this.open.get(memberId) ?? 0;
  }
}
