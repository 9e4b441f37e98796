import { chatStreamIds } from '@stardeck/contracts';
import { sonarHistoryProjection } from '../projections/sonar-history/sonar-history.projection';
import { chatMessageDecider } from '../sonar/chat-message.decider';
import { meta, type SyntheticMember, type World } from './world';

type Action = (world: World, member: SyntheticMember) => Promise<boolean>;

const ROOMS = ['default', 'late-night', 'modular'];

/** A chat message, now and then answering an earlier one of the same room. */
const chat: Action = async (world, member) => {
  const id = await world.ids.next('chat_message_id_seq');
  const room = world.random.pick(ROOMS);
  const earlier = world.chats.filter((c) => c.room === room && !c.deleted);
  const replyTo = earlier.length && world.random.chance(30) ? world.random.pick(earlier).id : null;
  await world.writer.decide(chatMessageDecider, sonarHistoryProjection, chatStreamIds.message(id), {
    type: 'PostChatMessage', message_id: id, room_id: room, author_id: member.id, content: `hey ${world.random.hex(3)}`, reply_to_id: replyTo, shared_track_id: null, now: new Date(),
  }, meta(member));
  world.chats.push({ id, room, author: member, deleted: false });
  return true;
};

/** The gateway's enter and leave notices. */
const announce: Action = async (world, member) => {
  const id = await world.ids.next('chat_message_id_seq');
  await world.writer.decide(chatMessageDecider, sonarHistoryProjection, chatStreamIds.message(id), {
    type: 'AnnounceChatPresence', message_id: id, room_id: world.random.pick(ROOMS), member_id: member.id, kind: world.random.chance(50) ? 'entered' : 'left',
  }, meta(member));
  return true;
};

/** Own messages only, within the edit window (the generator writes all of its history within minutes). */
const editChat: Action = async (world, member) => {
  const own = world.chats.filter((c) => c.author === member && !c.deleted);
  if (own.length === 0) return false;
  await world.writer.decide(chatMessageDecider, sonarHistoryProjection, chatStreamIds.message(world.random.pick(own).id), {
    type: 'EditChatMessage', actor_id: member.id, content: `edited ${world.random.hex(3)}`, now: new Date(),
  }, meta(member));
  return true;
};

const deleteChat: Action = async (world, member) => {
  const own = world.chats.filter((c) => c.author === member && !c.deleted);
  if (own.length === 0) return false;
  const target = world.random.pick(own);
  await world.writer.decide(chatMessageDecider, sonarHistoryProjection, chatStreamIds.message(target.id), {
    type: 'DeleteChatMessage', actor_id: member.id, actor_is_admin: false,
  }, meta(member));
  target.deleted = true;
  return true;
};

export const CHAT_ACTIONS: readonly [Action, number][] = [[chat, 60], [announce, 15], [editChat, 6], [deleteChat, 4]];
