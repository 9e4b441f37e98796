import { createHmac } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';

/** A tab's live channel: one Socket.IO connection to the API with the access token in the handshake. */
export function openSocket(url: string, token: string | undefined): Socket {
  return io(url, { auth: token === undefined ? {} : { token }, transports: ['websocket'], reconnection: false, forceNew: true });
}

/** Connects, or rejects with the server's refusal (`connect_error`'s message). */
export function connected(socket: Socket, timeoutMs = 5000): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('socket did not connect in time')), timeoutMs);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve(socket);
    });
    socket.once('connect_error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

/** The message a connection attempt was refused with. */
export async function refusal(socket: Socket): Promise<string> {
  try {
    await connected(socket);
  } catch (error) {
    return (error as Error).message;
  } finally {
    socket.close();
  }
  throw new Error('the connection was accepted');
}

/** Everything a socket receives, in order, with the time each arrived. */
export function recorder(socket: Socket) {
  const received: { event: string; payload: unknown; at: number }[] = [];
  socket.onAny((event: string, payload: unknown) => received.push({ event, payload, at: Date.now() }));
  const waiters = new Set<() => void>();
  socket.onAny(() => waiters.forEach((wake) => wake()));
  return {
    received,
    /** The first message of `event` matching `match`, waiting for it up to `timeoutMs`. */
    next<T>(event: string, match: (payload: T) => boolean = () => true, timeoutMs = 5000): Promise<{ payload: T; at: number }> {
      return new Promise((resolve, reject) => {
        const find = () => {
          const hit = received.find((r) => r.event === event && match(r.payload as T));
          if (!hit) return false;
          waiters.delete(find);
          clearTimeout(timer);
          resolve({ payload: hit.payload as T, at: hit.at });
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(find);
          reject(new Error(`no ${event} within ${timeoutMs} ms; got ${JSON.stringify(received.map((r) => r.event))}`));
        }, timeoutMs);
        if (!find()) waiters.add(find);
      });
    },
  };
}

/** An access token as the API signs them (HS256, issuer stardeck), for a sign-in that ends sooner. */
export function accessToken(secret: string, claims: { sub: string; fam: string }, expiresInSeconds: number): string {
  const now = Math.floor(Date.now() / 1000);
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ ...claims, iat: now, exp: now + expiresInSeconds, iss: 'stardeck' })}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

/** The claims of an access token (no check: the test reads its own token). */
export function claimsOf(token: string): { sub: string; fam: string } {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string; fam: string };
}
