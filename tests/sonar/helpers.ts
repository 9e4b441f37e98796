import { createHmac } from 'node:crypto';
import type { SonarHistory, SonarMessage, SonarTokenData } from '@stardeck/contracts';
import { io, type Socket } from 'socket.io-client';
import { expect } from 'vitest';
import { call, type Session } from '../social/helpers';
import { connected, recorder } from '../support/sockets';
import type { TracksWorld } from '../tracks/helpers';

export type Recorder = ReturnType<typeof recorder>;

/** A chat token for the member, as the page gets one. */
export async function chatToken(world: TracksWorld, session: Session): Promise<SonarTokenData> {
  const res = await call(world, session, 'post', '/v1/sonar/token', {});
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as SonarTokenData;
}

export interface ChatTab {
  socket: Socket;
  tab: Recorder;
  /** Sends a request and waits for its acknowledgement. */
  send<T = { ok: boolean; message?: SonarMessage; error?: string }>(event: string, payload: object): Promise<T>;
}

export function openChatSocket(url: string, auth: { token: string; roomId?: string; rapidReconnect?: boolean }): Socket {
  return io(`${url}/sonar`, { auth, transports: ['websocket'], reconnection: false, forceNew: true });
}

/** A tab in a room: connected, with its history and user list received. */
export async function joinChat(url: string, token: string, options: { roomId?: string; rapidReconnect?: boolean } = {}): Promise<ChatTab> {
  const socket = openChatSocket(url, { token, ...options });
  const tab = recorder(socket);
  await connected(socket);
  await tab.next<SonarHistory>('history');
  await tab.next('user_list');
  return {
    socket, tab,
    send: <T>(event: string, payload: object) => socket.timeout(5000).emitWithAck(event, payload) as Promise<T>,
  };
}

/** A chat token as the API signs them, with any expiry (a test cannot wait five minutes). */
export function signedChatToken(secret: string, claims: { sub: string; fam: string }, expiresInSeconds: number): string {
  const now = Math.floor(Date.now() / 1000);
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ ...claims, iat: now - 600, exp: now + expiresInSeconds, iss: 'stardeck-sonar' })}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}
