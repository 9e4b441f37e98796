import type { SonarHistory, SonarMessage, SonarUser } from '@stardeck/contracts';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call, startSocialWorld, WORLD_START_MS, type SocialWorld } from '../social/helpers';
import { uploadTrack } from '../tracks/helpers';
import { chatToken, joinChat, type ChatTab } from './helpers';

let room = 0;
const newRoom = () => `along-${Date.now().toString(36)}-${room++}`;

/**
 * Listen along over the gateway: a member shares a public track into the room as a card, and
 * their player state rides on presence updates (ephemeral) to everyone there, late joiners too.
 */
describe('Sonar listen along: shared tracks and the host player state', () => {
  let world: SocialWorld;
  const tabs: ChatTab[] = [];

  beforeAll(async () => {
    world = await startSocialWorld();
  }, WORLD_START_MS);
  afterEach(() => {
    for (const tab of tabs.splice(0)) tab.socket.close();
  });
  afterAll(async () => {
    await world?.stop();
  });

  /** The room's events in the log (messages and notices): other rooms' leave notices may land meanwhile. */
  const eventsOf = async (roomId: string) => {
    const row = await world.server.platform.database.db.selectFrom('events').select((eb) => eb.fn.countAll().as('n'))
      .where(sql<boolean>`data->>'room_id' = ${roomId}`).executeTakeFirstOrThrow();
    return Number(row.n);
  };

  /** The member's enter notice reached `tab`: it is in the log, so counting from here is steady. */
  const entered = (tab: ChatTab, session: SocialWorld['owner']) =>
    tab.tab.next<SonarMessage>('new_message', (m) => m.isSystem && m.systemData?.kind === 'entered' && m.systemData.userId === session.me.id);

  const join = async (session: SocialWorld['owner'], roomId: string) => {
    const tab = await joinChat(world.url, (await chatToken(world, session)).token, { roomId });
    tabs.push(tab);
    return tab;
  };

  it('shares a public track as a card everyone in the room sees, in the history too', async () => {
    const roomId = newRoom();
    const host = await join(world.owner, roomId);
    const fan = await join(world.fan, roomId);
    const sent = await host.send('message', { content: '♪ Open Sky', sharedTrackId: world.tracks.public });
    expect(sent).toMatchObject({
      ok: true,
      message: {
        content: '♪ Open Sky', sharedTrackId: world.tracks.public,
        sharedTrack: { id: world.tracks.public, title: 'Open Sky', username: world.owner.me.username, userName: world.owner.me.username },
      },
    });
    expect(sent.message!.sharedTrack!.durationSeconds).toBeGreaterThan(0);
    expect((await fan.tab.next<SonarMessage>('new_message', (m) => !m.isSystem)).payload).toEqual(sent.message);
    const history = (await call(world, world.stranger, 'get', `/v1/sonar/${roomId}/messages`)).body.data as SonarHistory;
    expect(history.messages.find((m) => m.id === sent.message!.id)?.sharedTrack?.title).toBe('Open Sky');
  });

  it('refuses to share an unlisted track, and answers for a private one as for a missing one, writing nothing', async () => {
    const roomId = newRoom();
    const owner = await join(world.owner, roomId);
    const fan = await join(world.fan, roomId);
    await entered(owner, world.fan);
    const before = await eventsOf(roomId);
    expect(await owner.send('message', { content: 'secret', sharedTrackId: world.tracks.unlisted })).toMatchObject({ ok: false, error: 'Only public tracks can be shared in the room' });
    expect(await owner.send('message', { content: 'diary', sharedTrackId: world.tracks.private })).toMatchObject({ ok: false, error: 'Only public tracks can be shared in the room' });
    expect(await fan.send('message', { content: 'theirs', sharedTrackId: world.tracks.private })).toMatchObject({ ok: false, error: 'Track not found' });
    expect(await fan.send('message', { content: 'nothing', sharedTrackId: 99_999_999 })).toMatchObject({ ok: false, error: 'Track not found' });
    expect(await fan.send('message', { content: 'bad', sharedTrackId: 'x' })).toMatchObject({ ok: false, error: 'Track not found' });
    expect(await eventsOf(roomId)).toBe(before);
  });

  it('a card stops showing its track once the track is no longer public', async () => {
    const roomId = newRoom();
    const owner = await join(world.owner, roomId);
    const id = await uploadTrack(world, world.owner, world.mp3, { visibility: 'public', title: 'Fading' });
    const sent = await owner.send('message', { content: '♪ Fading', sharedTrackId: id });
    expect(sent.message!.sharedTrack?.title).toBe('Fading');
    const edited = await call(world, world.owner, 'put', '/v1/manage/tracks', { track_id: id, title: 'Fading', visibility: 'private' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const read = await call(world, world.fan, 'get', `/v1/sonar/${roomId}/message/${sent.message!.id}`);
    expect(read.body.data.message).toMatchObject({ sharedTrackId: id, sharedTrack: null });
  });

  it("spreads the host's player state to the room and to late joiners, ignores malformed state, and logs none of it", async () => {
    const roomId = newRoom();
    const host = await join(world.owner, roomId);
    const fan = await join(world.fan, roomId);
    await entered(host, world.fan);
    const before = await eventsOf(roomId);
    const playback = { trackId: world.tracks.public, position: 12.5, playing: true };
    host.socket.emit('presence_update', { state: 'listening', playback });
    expect((await fan.tab.next('presence_updated')).payload).toEqual({ roomId, userId: world.owner.me.id, presenceState: 'listening', playback });

    // Malformed state is dropped, not half-applied.
    await new Promise((resolve) => setTimeout(resolve, 200));
    host.socket.emit('presence_update', { state: 'listening', playback: { trackId: -1, position: 'soon', playing: 'yes' } });
    const late = await join(world.stranger, roomId);
    await entered(host, world.stranger);
    const users = (await late.tab.next<{ users: SonarUser[] }>('user_list')).payload.users;
    expect(users.find((u) => u.id === world.owner.me.id)).toMatchObject({ presenceState: 'listening', playback });

    // The host stops: followers hear null.
    host.socket.emit('presence_update', { state: 'active', playback: null });
    expect((await fan.tab.next('presence_updated', (p: { playback: unknown }) => p.playback === null)).payload).toMatchObject({ presenceState: 'active', playback: null });
    expect(await eventsOf(roomId)).toBe(before + 1); // only the late joiner's enter notice
  });

  it('coalesces presence updates sent faster than the room takes them, and the last one always arrives', async () => {
    const roomId = newRoom();
    const host = await join(world.owner, roomId);
    const fan = await join(world.fan, roomId);
    for (let position = 0; position < 20; position += 1) {
      host.socket.emit('presence_update', { state: 'listening', playback: { trackId: world.tracks.public, position, playing: true } });
    }
    // The burst ends with the host stopping, then going idle (a state without a playback): the
    // room must be left with the stop, not the track the burst began with.
    host.socket.emit('presence_update', { state: 'active', playback: null });
    host.socket.emit('presence_update', { state: 'idle' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const heard = fan.tab.received.filter((r) => r.event === 'presence_updated').map((r) => r.payload as { playback: unknown });
    expect(heard.length).toBeGreaterThanOrEqual(2);
    expect(heard.length).toBeLessThan(5);
    expect(heard.at(-1)).toMatchObject({ presenceState: 'idle', playback: null });
  });
});
