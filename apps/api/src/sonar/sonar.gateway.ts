import { type OnModuleDestroy } from '@nestjs/common';
import { WebSocketGateway, WebSocketServer, type OnGatewayConnection, type OnGatewayDisconnect, type OnGatewayInit } from '@nestjs/websockets';
import {
  LISTEN_ALONG, REALTIME_AUTH_ERRORS, SONAR, SONAR_CLIENT_EVENTS, checkPlayback, SONAR_MSG, SONAR_NAMESPACE, SONAR_PRESENCE_STATES, SONAR_ROOM_ID, SONAR_SERVER_EVENTS,
  type SonarPlayback, type SonarPresenceState,
} from '@stardeck/contracts';
import type { Logger } from '@stardeck/infra';
import type { Namespace, Socket } from 'socket.io';
import { SessionCheckService, ThrottleService } from '../auth';
import { ApiError } from '../common/api-error';
import { InjectLogger } from '../platform/tokens';
import { REALTIME_SERVER_OPTIONS, SESSION_SWEEP_MS } from '../realtime';
import { SonarPresence, roomChannel, type SonarSocketData } from './sonar-presence';
import { SonarTokenService } from './sonar-token.service';
import { SonarService, type ChatActor } from './sonar.service';

type Ack = (reply: { ok: true; message?: unknown } | { ok: false; error: string }) => void;
type Payload = Record<string, unknown>;

const REFUSALS = { invalid: REALTIME_AUTH_ERRORS.invalid, expired: REALTIME_AUTH_ERRORS.expired, ended: REALTIME_AUTH_ERRORS.ended } as const;

const isPayload = (value: unknown): value is Payload => typeof value === 'object' && value !== null && !Array.isArray(value);
const requestIdOf = (payload: Payload) => (typeof payload.requestId === 'string' ? payload.requestId.slice(0, 64) : undefined);

/**
 * Sonar's gateway (spec §7): the `/sonar` namespace of the one Socket.IO server. A socket opens with
 * a chat token and a room id in its handshake (`auth: { token, roomId, rapidReconnect }`), gets the
 * room's history and user list, and then speaks the chat protocol. Broadcasts go through the
 * Socket.IO adapter, so members on other API processes hear them too.
 *
 * Enter notices are skipped on a rapid reconnect; a leave notice waits out the rapid window and is
 * dropped if the member is back by then (on this process or another).
 */
@WebSocketGateway({ ...REALTIME_SERVER_OPTIONS, namespace: SONAR_NAMESPACE })
export class SonarGateway implements OnGatewayInit<Namespace>, OnGatewayConnection<Socket>, OnGatewayDisconnect<Socket>, OnModuleDestroy {
  @WebSocketServer() namespace!: Namespace;
  private readonly pendingLeaves = new Map<string, NodeJS.Timeout>();
  private sweep: NodeJS.Timeout | null = null;
  /** Set when the process stops: its sockets closing is no member leaving. */
  private closing = false;

  constructor(
    private readonly tokens: SonarTokenService,
    private readonly sonar: SonarService,
    private readonly presence: SonarPresence,
    private readonly throttle: ThrottleService,
    private readonly sessions: SessionCheckService,
    @InjectLogger() private readonly logger: Logger,
  ) {}

  afterInit(namespace: Namespace): void {
    this.presence.attach(namespace);
    namespace.use((socket, next) => {
      this.admit(socket).then(() => next(), (error: Error) => next(error));
    });
    this.sweep = setInterval(() => void this.endRevoked().catch((error) => this.logger.warn({ err: error }, 'chat session sweep failed')), SESSION_SWEEP_MS);
    this.sweep.unref();
  }

  onModuleDestroy(): void {
    this.closing = true;
    if (this.sweep) clearInterval(this.sweep);
    for (const timer of this.pendingLeaves.values()) clearTimeout(timer);
    this.pendingLeaves.clear();
  }

  handleConnection(socket: Socket): void {
    const data = socket.data as SonarSocketData;
    if (!data?.memberId) return;
    void socket.join(roomChannel(data.roomId));
    this.listen(socket, data);
    const rapid = (socket.handshake.auth as Payload | undefined)?.rapidReconnect === true;
    void this.enter(socket, data, rapid).catch((error) => this.logger.warn({ err: error }, 'chat join failed'));
  }

  handleDisconnect(socket: Socket): void {
    const data = socket.data as Partial<SonarSocketData>;
    if (this.closing || !data?.memberId || !data.roomId) return;
    const { memberId, roomId } = data as SonarSocketData;
    void this.leave(memberId, roomId).catch((error) => this.logger.warn({ err: error }, 'chat leave failed'));
  }

  private async admit(socket: Socket): Promise<void> {
    const auth = (socket.handshake.auth ?? {}) as Payload;
    const query = socket.handshake.query as Payload;
    const token = auth.token ?? query.token;
    if (typeof token !== 'string' || token.length === 0 || token.length > 4096) throw new Error(REALTIME_AUTH_ERRORS.missing);
    const roomId = auth.roomId ?? query.roomId ?? SONAR.defaultRoom;
    if (typeof roomId !== 'string' || !SONAR_ROOM_ID.test(roomId)) throw new Error(SONAR_MSG.invalidRoom);
    const check = await this.tokens.check(token);
    if (!check.ok) throw new Error(REFUSALS[check.reason]);
    const { user } = check;
    const name = await this.sonar.memberName(user.id);
    const data: SonarSocketData = {
      memberId: user.id, name, family: check.family, isAdmin: user.role === 'admin', roomId, isTyping: false, presenceState: 'idle', playback: null,
    };
    socket.data = data;
  }

  private async enter(socket: Socket, data: SonarSocketData, rapid: boolean): Promise<void> {
    const key = `${data.roomId}|${data.memberId}`;
    const leaving = this.pendingLeaves.get(key);
    if (leaving) {
      clearTimeout(leaving);
      this.pendingLeaves.delete(key);
    }
    const alreadyHere = await this.presence.isPresent(data.roomId, data.memberId, socket.id);
    const [history, users] = await Promise.all([this.sonar.history(data.roomId, { id: data.memberId }), this.presence.users(data.roomId)]);
    socket.emit(SONAR_SERVER_EVENTS.history, history);
    socket.emit(SONAR_SERVER_EVENTS.userList, { roomId: data.roomId, users });
    if (alreadyHere) return;
    socket.to(roomChannel(data.roomId)).emit(SONAR_SERVER_EVENTS.userJoined, { roomId: data.roomId, user: this.userOf(data) });
    if (rapid || leaving) return;
    const notice = await this.sonar.announce(data.memberId, data.roomId, 'entered');
    this.namespace.to(roomChannel(data.roomId)).emit(SONAR_SERVER_EVENTS.newMessage, notice);
  }

  private async leave(memberId: string, roomId: string): Promise<void> {
    if (await this.presence.isPresent(roomId, memberId)) return;
    this.namespace.to(roomChannel(roomId)).emit(SONAR_SERVER_EVENTS.userLeft, { roomId, userId: memberId });
    const key = `${roomId}|${memberId}`;
    clearTimeout(this.pendingLeaves.get(key));
    const timer = setTimeout(() => {
      this.pendingLeaves.delete(key);
      void this.announceLeft(memberId, roomId).catch((error) => this.logger.warn({ err: error }, 'chat leave notice failed'));
    }, SONAR.rapidWindowMs);
    timer.unref();
    this.pendingLeaves.set(key, timer);
  }

  private async announceLeft(memberId: string, roomId: string): Promise<void> {
    if (await this.presence.isPresent(roomId, memberId)) return;
    const notice = await this.sonar.announce(memberId, roomId, 'left');
    this.namespace.to(roomChannel(roomId)).emit(SONAR_SERVER_EVENTS.newMessage, notice);
  }

  private listen(socket: Socket, data: SonarSocketData): void {
    const actor: ChatActor = { id: data.memberId, isAdmin: data.isAdmin };
    const room = roomChannel(data.roomId);
    this.on(socket, SONAR_CLIENT_EVENTS.message, async (payload) => {
      const message = await this.sonar.post(actor, data.roomId, payload.content, payload.replyToId ?? null, payload.sharedTrackId ?? null);
      this.namespace.to(room).emit(SONAR_SERVER_EVENTS.newMessage, message);
      return message;
    });
    this.on(socket, SONAR_CLIENT_EVENTS.editMessage, async (payload) => {
      const message = await this.sonar.edit(actor, data.roomId, payload.messageId, payload.content);
      this.namespace.to(room).emit(SONAR_SERVER_EVENTS.messageEdited, message);
      return message;
    });
    this.on(socket, SONAR_CLIENT_EVENTS.deleteMessage, async (payload) => {
      const message = await this.sonar.delete(actor, data.roomId, payload.messageId);
      this.namespace.to(room).emit(SONAR_SERVER_EVENTS.messageDeleted, message);
      return message;
    });
    socket.on(SONAR_CLIENT_EVENTS.typing, (payload: unknown) => {
      const isTyping = isPayload(payload) && payload.isTyping === true;
      if (isTyping === data.isTyping) return;
      data.isTyping = isTyping;
      socket.to(room).emit(SONAR_SERVER_EVENTS.typingIndicator, { roomId: data.roomId, userId: data.memberId, userName: data.name, isTyping });
    });
    // Presence, and a listen-along host's player state with it: ephemeral, never logged. A socket
    // is heard at most once per minimum interval; updates sent closer together are coalesced and
    // the latest goes out when the interval ends, so one socket cannot flood the room and the last
    // word of a burst (a host who stops sharing right after a seek) is never lost.
    let lastPresenceAt = 0;
    let latest: { state: SonarPresenceState; playback: SonarPlayback | null } | null = null;
    let trailing: ReturnType<typeof setTimeout> | null = null;
    const broadcastPresence = (): void => {
      if (!latest || socket.disconnected) return;
      lastPresenceAt = Date.now();
      data.presenceState = latest.state;
      data.playback = latest.playback;
      latest = null;
      this.namespace.to(room).emit(SONAR_SERVER_EVENTS.presenceUpdated, {
        roomId: data.roomId, userId: data.memberId, presenceState: data.presenceState, playback: data.playback,
      });
    };
    socket.on(SONAR_CLIENT_EVENTS.presenceUpdate, (payload: unknown) => {
      if (!isPayload(payload)) return;
      const state = payload.state;
      // Without a playback, the state keeps the one already waiting to go out (a stop stays a stop).
      const playback = 'playback' in payload ? checkPlayback(payload.playback) : latest ? latest.playback : data.playback;
      if (!SONAR_PRESENCE_STATES.includes(state as SonarPresenceState) || playback === undefined) return;
      latest = { state: state as SonarPresenceState, playback };
      const wait = lastPresenceAt + LISTEN_ALONG.minUpdateIntervalMs - Date.now();
      if (wait <= 0) return broadcastPresence();
      trailing ??= setTimeout(() => {
        trailing = null;
        broadcastPresence();
      }, wait);
    });
    socket.once('disconnect', () => {
      if (trailing) clearTimeout(trailing);
    });
    socket.on(SONAR_CLIENT_EVENTS.ping, (_payload: unknown, ack?: unknown) => {
      if (typeof ack === 'function') (ack as (reply: unknown) => void)({ ok: true });
      else socket.emit(SONAR_SERVER_EVENTS.pong, {});
    });
  }

  /**
   * A writing request: counted against the member's rate limit (shared by every API process), then
   * run. A refusal comes back as an `error` event with the spec's text, and on the ack if one was given.
   */
  private on(socket: Socket, event: string, run: (payload: Payload) => Promise<unknown>): void {
    const data = socket.data as SonarSocketData;
    socket.on(event, (payload: unknown, ack?: unknown) => {
      const reply = typeof ack === 'function' ? (ack as Ack) : undefined;
      const requestId = isPayload(payload) ? requestIdOf(payload) : undefined;
      const refuse = (message: string) => {
        socket.emit(SONAR_SERVER_EVENTS.error, { message, ...(requestId ? { requestId } : {}) });
        reply?.({ ok: false, error: message });
      };
      if (!isPayload(payload)) return refuse(SONAR_MSG.badRequest);
      void (async () => {
        try {
          await this.throttle.admit([{ key: `sonar:${data.memberId}`, limit: SONAR.rateLimit.limit, windowSeconds: SONAR.rateLimit.windowSeconds }]);
        } catch (error) {
          if (error instanceof ApiError && error.getStatus() === 429) return refuse(SONAR_MSG.rateLimited);
          throw error;
        }
        const message = await run(payload);
        reply?.({ ok: true, message });
      })().catch((error: unknown) => {
        if (error instanceof ApiError) return refuse(error.description);
        this.logger.error({ err: error, event }, 'chat request failed');
        refuse(event === SONAR_CLIENT_EVENTS.editMessage ? SONAR_MSG.editFailed : event === SONAR_CLIENT_EVENTS.deleteMessage ? SONAR_MSG.deleteFailed : SONAR_MSG.connectionError);
      });
    });
  }

  private userOf(data: SonarSocketData) {
    return { id: data.memberId, name: data.name, isTyping: data.isTyping, presenceState: data.presenceState, playback: data.playback };
  }

  /** Ends this process's chat sockets whose sign-in was revoked (logout, password change). */
  private async endRevoked(): Promise<void> {
    const sockets = [...this.namespace.sockets.values()];
    const families = sockets.map((socket) => (socket.data as SonarSocketData).family).filter(Boolean);
    if (families.length === 0) return;
    const live = await this.sessions.liveFamilies(families);
    for (const socket of sockets) {
      if (!live.has((socket.data as SonarSocketData).family)) socket.disconnect(true);
    }
  }
}
