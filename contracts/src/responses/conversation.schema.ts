import { IsBoolean, IsInt, IsString } from 'class-validator';
import type { ConversationMemberView, ConversationPage, ConversationView, DirectMessagePage, DirectMessageView } from '../conversations';
import { Nested, NestedList, Nullable, Timestamp } from './schema-fields';

export class ConversationMemberSchema implements ConversationMemberView {
  @IsString() id!: string;
  @IsString() username!: string;
  @IsString() @Nullable() display_name!: string | null;
  @IsString() slug!: string;
  @IsString() @Nullable() avatar!: string | null;
}

export class DirectMessageSchema implements DirectMessageView {
  @IsInt() id!: number;
  @IsString() conversation_id!: string;
  @IsString() sender_id!: string;
  @IsString() content!: string;
  @Timestamp() created!: string;
}

/** The Conversation of spec §3. */
export class ConversationViewSchema implements ConversationView {
  @IsString() id!: string;
  @Nested(() => ConversationMemberSchema) other_user!: ConversationMemberSchema;
  @Nested(() => DirectMessageSchema) @Nullable() last_message!: DirectMessageSchema | null;
  @IsInt() unread_count!: number;
  @Timestamp() updated!: string;
}

/** GET /v1/conversations */
export class ConversationPageSchema implements ConversationPage {
  @NestedList(() => ConversationViewSchema) conversations!: ConversationViewSchema[];
  @IsInt() total!: number;
  @IsBoolean() has_more!: boolean;
}

/** GET /v1/conversations/{id}/messages */
export class DirectMessagePageSchema implements DirectMessagePage {
  @Nested(() => ConversationViewSchema) conversation!: ConversationViewSchema;
  @NestedList(() => DirectMessageSchema) messages!: DirectMessageSchema[];
  @IsInt() total!: number;
  @IsBoolean() has_more!: boolean;
}

/** POST /v1/messages: the conversation the message went to (new with the first message), and the message. */
export class DirectMessageSentSchema {
  @IsString() conversation_id!: string;
  @Nested(() => DirectMessageSchema) message!: DirectMessageSchema;
}
