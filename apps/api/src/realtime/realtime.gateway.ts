import { type OnModuleDestroy } from '@nestjs/common';
import { WebSocketGateway, WebSocketServer, type OnGatewayConnection, type OnGatewayDisconnect, type OnGatewayInit } from '@nestjs/websockets';
import { MEMBER_CEILINGS, REALTIME_AUTH_ERRORS, REALTIME_EVENTS } from '@stardeck/contracts';
import type { Clock, Logger } from '@stardeck/infra';
import type { Server, Socket } from 'socket.io';
import { SessionCheckService, type SessionCheck } from '../auth';
import { InjectClock, InjectLogger } from '../platform/tokens';
import { REALTIME_SERVER_OPTIONS } from './realtime-options';
import { SocketCeiling } from './socket-ceiling';

/** What the handshake established about a socket, kept on `socket.data`. */
export interface MemberSocketData {
  memberId: string;
  /** The sign-in (refresh-token family) the token belongs to: revoking it ends the socket. */
  family: string;
  expiry: NodeJS.Timeout;
}

/** How often open sockets are checked against revoked sign-ins (logout, password change, a stolen token). */
export const SESSION_SWEEP_MS = 15_000;

export const memberRoom = (memberId: string) => `member:${memberId}`;

const REFUSALS: Record<Exclude<SessionCheck, { ok: true }>['reason'], string> = {
  invalid: REALTIME_AUTH_ERRORS.invalid,
  expired: REALTIME_AUTH_ERRORS.expired,
  ended: REALTIME_AUTH_ERRORS.ended,
  unverified: REALTIME_AUTH_ERRORS.ended,
};

/**
 * The one Socket.IO server of this API process (chat's gateway will share it, on a namespace of
 * its own). The default namespace is the member's channel: one connection per tab, opened with
 * the access token in the handshake's `auth.token` and refused without a valid one, and joined to
 * the member's room. A member holds at most MEMBER_CEILINGS.socketsPerMember of them per process.
 *
 * A socket lives no longer than its sign-in: it is ended when its token expires (the client
 * reconnects with a renewed one), within SESSION_SWEEP_MS of the sign-in being revoked, and at
 * once if a push finds it revoked first (see MemberChannel), so a revoked tab never hears more.
 */
@WebSocketGateway(REALTIME_SERVER_OPTIONS)
export class RealtimeGateway implements OnGatewayInit<Server>, OnGatewayConnection<Socket>, OnGatewayDisconnect<Socket>, OnModuleDestroy {
  @WebSocketServer() server!: Server;
  private sweep: NodeJS.Timeout | null = null;
  /** Each tab holds one socket; a member past the ceiling is refused with REALTIME_AUTH_ERRORS.tooMany. */
  private readonly ceiling = new SocketCeiling(MEMBER_CEILINGS.socketsPerMember);

  constructor(
    private readonly sessions: SessionCheckService,
    @InjectClock() private readonly clock: Clock,
    @InjectLogger() private readonly logger: Logger,
  ) {}

  afterInit(server: Server): void {
    server.use((socket, next) => {
      this.admit(socket).then(() => next(), (error: Error) => next(error));
    });
    this.sweep = setInterval(() => void this.endRevoked().catch((error) => this.logger.warn({ err: error }, 'socket session sweep failed')), SESSION_SWEEP_MS);
    this.sweep.unref();
  }

  handleConnection(socket: Socket): void {
    const data = socket.data as MemberSocketData | undefined;
    if (data?.memberId) void socket.join(memberRoom(data.memberId));
  }

  handleDisconnect(socket: Socket): void {
    clearTimeout((socket.data as Partial<MemberSocketData>).expiry);
  }

  onModuleDestroy(): void {
    if (this.sweep) clearInterval(this.sweep);
  }

  /** This process's open sockets of a member. */
  socketsOf(memberId: string): Socket[] {
    const ids = this.server.sockets.adapter.rooms.get(memberRoom(memberId));
    if (!ids) return [];
    return [...ids].flatMap((id) => this.server.sockets.sockets.get(id) ?? []);
  }

  /** Tells the tab why, then closes the connection; the client signs in again or reconnects with a renewed token. */
  end(socket: Socket, reason: string): void {
    socket.emit(REALTIME_EVENTS.sessionEnded, { reason });
    socket.disconnect(true);
  }

  /** Ends every open socket whose sign-in was revoked. */
  async endRevoked(): Promise<void> {
    const sockets = [...this.server.sockets.sockets.values()];
    const families = sockets.map((socket) => (socket.data as MemberSocketData).family).filter(Boolean);
    if (families.length === 0) return;
    const live = await this.sessions.liveFamilies(families);
    for (const socket of sockets) {
      if (!live.has((socket.data as MemberSocketData).family)) this.end(socket, REALTIME_AUTH_ERRORS.ended);
    }
  }

  /** The handshake: a refusal reaches the client as `connect_error` with the reason as its message. */
  private async admit(socket: Socket): Promise<void> {
    const auth = socket.handshake.auth as Record<string, unknown> | undefined;
    const token = auth?.token;
    if (typeof token !== 'string' || token.length === 0 || token.length > 4096) throw new Error(REALTIME_AUTH_ERRORS.missing);
    const check = await this.sessions.check(token);
    if (!check.ok) throw new Error(REFUSALS[check.reason]);
    if (!this.ceiling.take(check.user.id, socket)) throw new Error(REALTIME_AUTH_ERRORS.tooMany);
    const remaining = Math.max(0, check.expiresAt.getTime() - this.clock.now().getTime());
    const expiry = setTimeout(() => this.end(socket, REALTIME_AUTH_ERRORS.expired), remaining);
    expiry.unref();
    const data: MemberSocketData = { memberId: check.user.id, family: check.family, expiry };
    socket.data = data;
  }
}
