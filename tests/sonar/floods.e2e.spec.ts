import { MEMBER_CEILINGS, REALTIME_AUTH_ERRORS, SONAR, type SonarMessage } from '@stardeck/contracts';
import { sql } from 'kysely';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../support/services';
import { connected, openSocket, refusal } from '../support/sockets';
import { member, startTracksWorld, type Session, type TracksWorld } from '../tracks/helpers';
import { chatToken, joinChat, openChatSocket, type ChatTab } from './helpers';

let room = 0;
const newRoom = () => `flood-${Date.now().toString(36)}-${room++}`;
const PARALLEL = 100;

/** Settles every connection attempt: the sockets that got in, and the messages of those refused. */
async function connectAll(sockets: Socket[]): Promise<{ open: Socket[]; refused: string[] }> {
  const outcomes = await Promise.allSettled(sockets.map((socket) => connected(socket, 20_000)));
  return {
    open: sockets.filter((_, i) => outcomes[i]!.status === 'fulfilled'),
    refused: outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [(outcome.reason as Error).message] : [])),
  };
}

/**
 * Sonar and the live channel under floods from one member: sockets are capped per member with a
 * clear refusal, typing toggles reach the room at a bounded rate, and enter/leave notices (kept in
 * the room's history as events) stay within a budget however many rooms a member runs through.
 */
describe('floods: sockets, typing and presence notices', () => {
  let world: TracksWorld;
  const sockets: Socket[] = [];
  const tabs: ChatTab[] = [];

  beforeAll(async () => {
    world = await startTracksWorld({ roles: ['api', 'projector'] });
  }, 120_000);
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
    for (const tab of tabs.splice(0)) tab.socket.close();
  });
  afterAll(async () => {
    await world?.stop();
  });

  const join = async (session: Session, roomId: string) => {
    const tab = await joinChat(world.url, (await chatToken(world, session)).token, { roomId });
    tabs.push(tab);
    return tab;
  };
  const noticesOf = async (memberId: string) => Number((await world.server.platform.database.db.selectFrom('events').select((eb) => eb.fn.countAll().as('n'))
    .where('type', '=', 'ChatPresenceAnnounced').where(sql<string>`data->>'member_id'`, '=', memberId).executeTakeFirstOrThrow()).n);

  it(`lets a member hold ${MEMBER_CEILINGS.socketsPerMember} live-channel sockets: of 100 opened in parallel, the rest are refused with a clear reason`, async () => {
    const alice = await member(world);
    const attempts = Array.from({ length: PARALLEL }, () => openSocket(world.url, alice.token));
    sockets.push(...attempts);
    const { open, refused } = await connectAll(attempts);
    expect(open).toHaveLength(MEMBER_CEILINGS.socketsPerMember);
    expect(refused).toEqual(Array(PARALLEL - MEMBER_CEILINGS.socketsPerMember).fill(REALTIME_AUTH_ERRORS.tooMany));
    expect(REALTIME_AUTH_ERRORS.tooMany).toBe('Too many open connections: at most 10 per member. Close another tab and try again.');
    // Another member is not affected; closing one tab makes room for exactly one more.
    const bob = openSocket(world.url, (await member(world)).token);
    sockets.push(bob);
    await connected(bob);
    open[0]!.close();
    // The server gives the place back once it sees the socket go.
    const replacement = await waitFor(async () => {
      const socket = openSocket(world.url, alice.token);
      sockets.push(socket);
      return connected(socket).then(() => socket, () => null);
    }, 10_000, 100);
    expect(replacement.connected).toBe(true);
    const extra = openSocket(world.url, alice.token);
    sockets.push(extra);
    expect(await refusal(extra)).toBe(REALTIME_AUTH_ERRORS.tooMany);
  });

  it(`lets a member hold ${MEMBER_CEILINGS.socketsPerMember} chat sockets across rooms: of 100 opened in parallel, the rest are refused`, async () => {
    const alice = await member(world);
    const { token } = await chatToken(world, alice);
    const attempts = Array.from({ length: PARALLEL }, (_, i) => openChatSocket(world.url, { token, roomId: `${newRoom()}-${i % 5}` }));
    sockets.push(...attempts);
    const { open, refused } = await connectAll(attempts);
    expect(open).toHaveLength(MEMBER_CEILINGS.socketsPerMember);
    expect(refused).toEqual(Array(PARALLEL - MEMBER_CEILINGS.socketsPerMember).fill(REALTIME_AUTH_ERRORS.tooMany));
  });

  it('takes typing toggles from a socket at most once a second: 2,000 toggles reach the room as a few, ending in the last state', async () => {
    const [alice, bob] = await Promise.all([member(world), member(world)]);
    const roomId = newRoom();
    const a = await join(alice, roomId);
    const b = await join(bob, roomId);
    for (let i = 0; i < 2000; i++) a.socket.emit('typing', { isTyping: i % 2 === 0 });
    a.socket.emit('typing', { isTyping: true });
    // The burst's last state (typing) arrives once the interval ends.
    await b.tab.next<{ isTyping: boolean }>('typing_indicator', (t) => t.isTyping, SONAR.typingMinIntervalMs * 5);
    const sent = await a.send('message', { content: 'done typing' });
    expect(sent.ok).toBe(true);
    await b.tab.next<SonarMessage>('new_message', (m) => m.content === 'done typing');
    const indicators = b.tab.received.filter((r) => r.event === 'typing_indicator').map((r) => (r.payload as { isTyping: boolean }).isTyping);
    expect(indicators.length).toBeLessThanOrEqual(3);
    expect(indicators.at(-1)).toBe(true);
  });

  it(`keeps a member's enter and leave notices within ${SONAR.presenceNotices.limit} enters (and their leaves) however many rooms they run through`, async () => {
    const [alice, watcher] = await Promise.all([member(world), member(world)]);
    const { token } = await chatToken(world, alice);
    const rooms = Array.from({ length: PARALLEL }, () => newRoom());
    // The first room is watched: its enter notice is written (within the budget), and so is its leave notice.
    const watched = await join(watcher, rooms[0]!);
    for (const roomId of rooms) {
      // One tab at a time, each opened once the last one's place is free again (the socket ceiling).
      const socket = await waitFor(async () => {
        const attempt = openChatSocket(world.url, { token, roomId });
        sockets.push(attempt);
        return connected(attempt).then(() => attempt, () => null);
      }, 10_000, 20);
      socket.close();
    }
    await watched.tab.next<SonarMessage>('new_message', (m) => m.content === `${alice.me.username} has left the building`, SONAR.rapidWindowMs * 4);
    const notices = await noticesOf(alice.me.id);
    expect(notices).toBeGreaterThanOrEqual(2);
    expect(notices).toBeLessThanOrEqual(2 * SONAR.presenceNotices.limit);
    // Every room saw the member come and go live, notice or not.
    expect(watched.tab.received.filter((r) => r.event === 'user_joined')).toHaveLength(1);
    expect(watched.tab.received.filter((r) => r.event === 'user_left')).toHaveLength(1);
  }, 60_000);
});
