import { type OnModuleDestroy } from '@nestjs/common';
import { WebSocketGateway, WebSocketServer, type OnGatewayConnection, type OnGatewayDisconnect, type OnGatewayInit } from '@nestjs/websockets';
import {
  LISTEN_ALONG, MEMBER_CEILINGS, REALTIME_AUTH_ERRORS, SONAR, SONAR_CLIENT_EVENTS, SONAR_MSG, SONAR_NAMESPACE, SONAR_ROOM_ID, SONAR_SERVER_EVENTS, SonarDeleteMessageDto,
  SonarEditMessageDto, SonarMessageDto, SonarPresenceDto, SonarTypingDto, checkPlayback, checkSafeInput, type SonarAck, type SonarError, type SonarMessage, type SonarPlayback,
  type SonarPresenceState,
} from '@stardeck/contracts';
import type { Logger } from '@stardeck/infra';
import type { Namespace, Socket } from 'socket.io';
import { SessionCheckService, ThrottleService } from '../auth';
import { ApiError } from '../common/api-error';
import { validatePayload } from '../common/validation.pipe';
import { InjectLogger } from '../platform/tokens';
import { REALTIME_SERVER_OPTIONS, SESSION_SWEEP_MS, SocketCeiling } from '../realtime';
import { SonarPresence, roomChannel, type SonarSocketData } from './sonar-presence';
import { SonarTokenService } from './sonar-token.service';
import { SonarService, type ChatActor } from './sonar.service';

type Ack = (reply: SonarAck) => void;
type Payload = Record<string, unknown>;
type PayloadType = new () => object;

const REFUSALS = { invalid: REALTIME_AUTH_ERRORS.invalid, expired: REALTIME_AUTH_ERRORS.expired, ended: REALTIME_AUTH_ERRORS.ended } as const;

const isPayload = (value: unknown): value is Payload => typeof value === 'object' && value !== null && !Array.isArray(value);
/** The client's request id, echoed on the answer only when it is text the input rule accepts. */
const requestIdOf = (payload: Payload) => (typeof payload.requestId === 'string' && !checkSafeInput(payload.requestId) ? payload.requestId.slice(0, 64) : undefined);

/** A refusal as HTTP would answer it (spec §8), with the text to show as `message`. */
function errorOf(error: ApiError, requestId: string | undefined): SonarError {
  return {
    message: error.description, ...(requestId ? { requestId } : {}), status: 'error', status_code: error.getStatus(),
    msg: { title: error.title, description: error.description }, ...(error.fields ? { errors: error.fields } : {}),
  };
}

/**
 * Sonar's gateway (spec §7): the `/sonar` namespace of the one Socket.IO server. A socket opens with
 * a chat token and a room id in its handshake (`auth: { token, roomId, rapidReconnect }`), gets the
 * room's history and user list, and then speaks the chat protocol. Broadcasts go through the
 * Socket.IO adapter, so members on other API processes hear them too.
 *
 * Enter notices are skipped on a rapid reconnect; a leave notice waits out the rapid window and is
 * dropped if the member is back by then (on this process or another). The notices are kept in the
 * room's history, so they are limited per member (SONAR.presenceNotices); typing is limited per
 * socket, and a member holds at most MEMBER_CEILINGS.socketsPerMember chat sockets per process.
 */
@WebSocketGateway({ ...REALTIME_SERVER_OPTIONS, namespace: SONAR_NAMESPACE })
export class SonarGateway implements OnGatewayInit<Namespace>, OnGatewayConnection<Socket>, OnGatewayDisconnect<Socket>, OnModuleDestroy {
  @WebSocketServer() namespace!: Namespace;
  private readonly pendingLeaves = new Map<string, NodeJS.Timeout>();
  private sweep: NodeJS.Timeout | null = null;
  /** Set when the process stops: its sockets closing is no member leaving. */
  private closing = false;
  /** Chat sockets per member across every room of this process; past it, REALTIME_AUTH_ERRORS.tooMany. */
  private readonly ceiling = new SocketCeiling(MEMBER_CEILINGS.socketsPerMember);

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
    // Last, with no await after it: the place is held from here until the socket or its connection closes.
    if (!this.ceiling.take(user.id, socket)) throw new Error(REALTIME_AUTH_ERRORS.tooMany);
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
    // Written to the room's history (an event), so kept within the member's budget, and never twice in a row.
    if ((await this.sonar.lastNotice(data.roomId, data.memberId)) === 'entered' || !(await this.noticeBudget(data.memberId))) return;
    const notice = await this.sonar.announce(data.memberId, data.roomId, 'entered');
    this.namespace.to(roomChannel(data.roomId)).emit(SONAR_SERVER_EVENTS.newMessage, notice);
  }

  /** Whether the member may have one more enter notice written now (SONAR.presenceNotices, across every API process). */
  private async noticeBudget(memberId: string): Promise<boolean> {
    try {
      await this.throttle.admit([{ key: `sonar-notice:${memberId}`, ...SONAR.presenceNotices }]);
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.getStatus() === 429) return false;
      throw error;
    }
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

  /** A leave notice answers the member's enter notice in that room; without one (past the budget), the leave is live only. */
  private async announceLeft(memberId: string, roomId: string): Promise<void> {
    if (await this.presence.isPresent(roomId, memberId)) return;
    if ((await this.sonar.lastNotice(roomId, memberId)) !== 'entered') return;
    const notice = await this.sonar.announce(memberId, roomId, 'left');
    this.namespace.to(roomChannel(roomId)).emit(SONAR_SERVER_EVENTS.newMessage, notice);
  }

  private listen(socket: Socket, data: SonarSocketData): void {
    const actor: ChatActor = { id: data.memberId, isAdmin: data.isAdmin };
    const room = roomChannel(data.roomId);
    this.on(socket, SONAR_CLIENT_EVENTS.message, SonarMessageDto, async (payload) => {
      const message = await this.sonar.post(actor, data.roomId, payload.content, payload.replyToId ?? null, payload.sharedTrackId ?? null);
      this.namespace.to(room).emit(SONAR_SERVER_EVENTS.newMessage, message);
      return message;
    });
    this.on(socket, SONAR_CLIENT_EVENTS.editMessage, SonarEditMessageDto, async (payload) => {
      const message = await this.sonar.edit(actor, data.roomId, payload.messageId, payload.content);
      this.namespace.to(room).emit(SONAR_SERVER_EVENTS.messageEdited, message);
      return message;
    });
    this.on(socket, SONAR_CLIENT_EVENTS.deleteMessage, SonarDeleteMessageDto, async (payload) => {
      const message = await this.sonar.delete(actor, data.roomId, payload.messageId);
      this.namespace.to(room).emit(SONAR_SERVER_EVENTS.messageDeleted, message);
      return message;
    });
    // Typing toggles reach the room at most once per SONAR.typingMinIntervalMs per socket; a burst
    // is coalesced and its last state goes out when the interval ends, so the room ends up right.
    let lastTypingAt = 0;
    let typingWanted: boolean | null = null;
    let typingTrailing: ReturnType<typeof setTimeout> | null = null;
    const broadcastTyping = (): void => {
      const isTyping = typingWanted;
      typingWanted = null;
      if (isTyping === null || isTyping === data.isTyping || socket.disconnected) return;
      lastTypingAt = Date.now();
      data.isTyping = isTyping;
      socket.to(room).emit(SONAR_SERVER_EVENTS.typingIndicator, { roomId: data.roomId, userId: data.memberId, userName: data.name, isTyping });
    };
    socket.on(SONAR_CLIENT_EVENTS.typing, (payload: unknown) => void this.checked(socket, SonarTypingDto, payload).then((ok) => {
      if (!ok) return;
      typingWanted = (payload as Payload).isTyping === true;
      const wait = lastTypingAt + SONAR.typingMinIntervalMs - Date.now();
      if (wait <= 0) return broadcastTyping();
      typingTrailing ??= setTimeout(() => {
        typingTrailing = null;
        broadcastTyping();
      }, wait);
    }));
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
    const updatePresence = (payload: Payload): void => {
      // Without a playback, the state keeps the one already waiting to go out (a stop stays a stop).
      const playback = 'playback' in payload ? checkPlayback(payload.playback) : latest ? latest.playback : data.playback;
      if (playback === undefined) return;
      latest = { state: payload.state as SonarPresenceState, playback };
      const wait = lastPresenceAt + LISTEN_ALONG.minUpdateIntervalMs - Date.now();
      if (wait <= 0) return broadcastPresence();
      trailing ??= setTimeout(() => {
        trailing = null;
        broadcastPresence();
      }, wait);
    };
    socket.on(SONAR_CLIENT_EVENTS.presenceUpdate, (payload: unknown) => void this.checked(socket, SonarPresenceDto, payload).then((ok) => {
      if (ok) updatePresence(payload as Payload);
    }));
    socket.once('disconnect', () => {
      if (trailing) clearTimeout(trailing);
      if (typingTrailing) clearTimeout(typingTrailing);
    });
    socket.on(SONAR_CLIENT_EVENTS.ping, (_payload: unknown, ack?: unknown) => {
      if (typeof ack === 'function') (ack as (reply: unknown) => void)({ ok: true });
      else socket.emit(SONAR_SERVER_EVENTS.pong, {});
    });
  }

  /**
   * A writing request: its payload passes the same rule set as an HTTP body (the safe-input rule,
   * then its DTO), then it is counted against the member's rate limit (shared by every API
   * process), then run. A refusal comes back as an `error` event in the HTTP envelope, with the
   * text to show, and on the ack if one was given; only a failure of ours is logged as an error.
   */
  private on(socket: Socket, event: string, type: PayloadType, run: (payload: Payload) => Promise<SonarMessage>): void {
    const data = socket.data as SonarSocketData;
    socket.on(event, (payload: unknown, ack?: unknown) => {
      const reply = typeof ack === 'function' ? (ack as Ack) : undefined;
      const requestId = isPayload(payload) ? requestIdOf(payload) : undefined;
      const refuse = (error: ApiError) => {
        const refusal = errorOf(error, requestId);
        socket.emit(SONAR_SERVER_EVENTS.error, refusal);
        reply?.({ ok: false, error: refusal.message, status_code: refusal.status_code, ...(refusal.errors ? { errors: refusal.errors } : {}) });
      };
      void (async () => {
        await validatePayload(type, payload);
        try {
          await this.throttle.admit([{ key: `sonar:${data.memberId}`, limit: SONAR.rateLimit.limit, windowSeconds: SONAR.rateLimit.windowSeconds }]);
        } catch (error) {
          if (error instanceof ApiError && error.getStatus() === 429) return refuse(new ApiError(429, SONAR_MSG.tokenTitle, SONAR_MSG.rateLimited));
          throw error;
        }
        const message = await run(payload as Payload);
        reply?.({ ok: true, message });
      })().catch((error: unknown) => {
        if (error instanceof ApiError) return refuse(error);
        this.logger.error({ err: error, event }, 'chat request failed');
        const failed = event === SONAR_CLIENT_EVENTS.editMessage ? SONAR_MSG.editFailed : event === SONAR_CLIENT_EVENTS.deleteMessage ? SONAR_MSG.deleteFailed : SONAR_MSG.connectionError;
        refuse(new ApiError(500, SONAR_MSG.tokenTitle, failed));
      });
    });
  }

  /** A signal (typing, presence) that passes the rule set; one that does not is refused with an `error` event and changes nothing. */
  private async checked(socket: Socket, type: PayloadType, payload: unknown): Promise<boolean> {
    try {
      await validatePayload(type, payload);
      return true;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      socket.emit(SONAR_SERVER_EVENTS.error, errorOf(error, undefined));
      return false;
    }
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
