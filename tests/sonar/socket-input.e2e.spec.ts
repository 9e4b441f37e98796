import { SAFE_INPUT_MSG, type SonarError, type SonarHistory } from '@stardeck/contracts';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { call } from '../social/helpers';
import { member, startTracksWorld, type TracksWorld } from '../tracks/helpers';
import { chatToken, joinChat, type ChatTab } from './helpers';

let room = 0;
const newRoom = () => `input-${Date.now().toString(36)}-${room++}`;

/** What every refused payload answers: the HTTP 400 of the same input, on the ack and as an `error` event. */
const refusal = (description: string, field?: string) => ({
  ack: { ok: false, error: description, status_code: 400, ...(field ? { errors: { [field]: description } } : {}) },
  event: { message: description, status: 'error', status_code: 400, msg: { title: 'Validation Failed', description }, ...(field ? { errors: { [field]: description } } : {}) },
});

/**
 * Socket payloads pass the same `contracts` rule set as HTTP bodies: the safe-input rule (NUL, lone
 * surrogates, numbers past 2^53, deep nesting, a payload that is no object) and then the payload's
 * DTO. A refusal is the HTTP 400's text and envelope, nothing reaches the log, and nothing is
 * logged as an error.
 */
describe('Sonar socket payloads go through the HTTP input rules', () => {
  let world: TracksWorld;
  const tabs: ChatTab[] = [];

  beforeAll(async () => {
    world = await startTracksWorld({ roles: ['api', 'projector'] });
  }, 120_000);
  afterEach(() => {
    vi.restoreAllMocks();
    for (const tab of tabs.splice(0)) tab.socket.close();
  });
  afterAll(async () => {
    await world?.stop();
  });

  const join = async (roomId: string) => {
    const session = await member(world);
    const tab = await joinChat(world.url, (await chatToken(world, session)).token, { roomId });
    tabs.push(tab);
    return { session, tab };
  };
  /** A room's events: other tests' tabs post their leave notices in their own rooms whenever their rapid window ends. */
  const events = async (roomId: string) => Number((await world.server.platform.database.db.selectFrom('events').select((eb) => eb.fn.countAll().as('n'))
    .where(sql<string>`data->>'room_id'`, '=', roomId).executeTakeFirstOrThrow()).n);

  it('refuses NUL and lone surrogates in a message or an edit with the 400 of HTTP, storing and logging nothing', async () => {
    const roomId = newRoom();
    const { session, tab } = await join(roomId);
    const { message } = await tab.send('message', { content: 'first words' });
    const errors = vi.spyOn(world.server.platform.logger, 'error');
    const before = await events(roomId);

    const cases: [string, object, ReturnType<typeof refusal>][] = [
      ['NUL in a message', { content: 'a\u0000b', requestId: 'm1' }, refusal(`content ${SAFE_INPUT_MSG.nul}`, 'content')],
      ['lone surrogate in a message', { content: 'a\ud800b', requestId: 'm2' }, refusal(`content ${SAFE_INPUT_MSG.surrogate}`, 'content')],
      ['NUL in an edit', { messageId: message!.id, content: 'x\u0000', requestId: 'e1' }, refusal(`content ${SAFE_INPUT_MSG.nul}`, 'content')],
      ['lone surrogate in an edit', { messageId: message!.id, content: '\udc00', requestId: 'e2' }, refusal(`content ${SAFE_INPUT_MSG.surrogate}`, 'content')],
    ];
    for (const [name, payload, expected] of cases) {
      const event = 'messageId' in payload ? 'edit_message' : 'message';
      expect(await tab.send(event, payload), name).toEqual(expected.ack);
      const requestId = (payload as { requestId: string }).requestId;
      const heard = await tab.tab.next<SonarError>('error', (e) => e.requestId === requestId);
      expect(heard.payload, name).toEqual({ ...expected.event, requestId });
    }
    expect(await events(roomId)).toBe(before);
    const history = (await call(world, session, 'get', `/v1/sonar/${roomId}/messages`)).body.data as SonarHistory;
    expect(history.messages.filter((m) => !m.isSystem).map((m) => m.content)).toEqual(['first words']);
    expect(errors).not.toHaveBeenCalled();
  });

  it('refuses numbers past 2^53, keys with NUL, deep nesting and payloads that are no object, as HTTP does', async () => {
    const roomId = newRoom();
    const { tab } = await join(roomId);
    const errors = vi.spyOn(world.server.platform.logger, 'error');
    const before = await events(roomId);
    let deep: object = { content: 'hi' };
    for (let i = 0; i < 40; i++) deep = { nested: deep };
    const cases: [string, string, unknown, string][] = [
      ['a reply id past 2^53', 'message', { content: 'hi', replyToId: 2 ** 53 + 2 }, `replyToId ${SAFE_INPUT_MSG.number}`],
      ['a NUL in a key', 'message', { content: 'hi', ['x\u0000']: 1 }, `A key ${SAFE_INPUT_MSG.nul}`],
      ['deep nesting', 'message', { content: 'hi', deep }, SAFE_INPUT_MSG.depth],
      ['a list', 'message', ['hi'], SAFE_INPUT_MSG.notObject],
      ['a NUL in a delete', 'delete_message', { messageId: 'a\u0000' }, `messageId ${SAFE_INPUT_MSG.nul}`],
      ['a reply id that is text', 'message', { content: 'hi', replyToId: 'one' }, 'The message you replied to is not in this room'],
    ];
    for (const [name, event, payload, description] of cases) {
      const ack = await tab.socket.timeout(5000).emitWithAck(event, payload) as { ok: boolean; error: string; status_code: number };
      expect(ack, name).toMatchObject({ ok: false, error: description, status_code: 400 });
    }
    expect(await events(roomId)).toBe(before);
    expect(errors).not.toHaveBeenCalled();
  });

  it('refuses a typing or presence signal that breaks the rules with an error event, and tells the room nothing', async () => {
    const roomId = newRoom();
    const { tab: a } = await join(roomId);
    const { tab: b } = await join(roomId);
    const errors = vi.spyOn(world.server.platform.logger, 'error');
    a.socket.emit('typing', { isTyping: 'yes\u0000' });
    expect((await a.tab.next<SonarError>('error', (e) => e.status_code === 400)).payload).toEqual(refusal(`isTyping ${SAFE_INPUT_MSG.nul}`, 'isTyping').event);
    a.socket.emit('presence_update', { state: 'dancing' });
    const state = 'state must be one of idle, active, away, listening';
    expect((await a.tab.next<SonarError>('error', (e) => e.msg.description === state)).payload).toEqual(refusal(state, 'state').event);
    // A valid signal after them is heard, and it is the first the room hears.
    a.socket.emit('typing', { isTyping: true });
    await b.tab.next('typing_indicator');
    expect(b.tab.received.filter((r) => r.event === 'typing_indicator' || r.event === 'presence_updated')).toHaveLength(1);
    expect(errors).not.toHaveBeenCalled();
  });
});
