import { IsBoolean, IsIn, IsInt, IsNumber, IsString } from 'class-validator';
import type { SonarHistory, SonarMessage, SonarRoomInfo, SonarSharedTrack, SonarTokenData } from '../sonar';
import { Nested, NestedList, Nullable, Timestamp } from './schema-fields';

/** POST /v1/sonar/token */
export class SonarTokenSchema implements SonarTokenData {
  @IsString() token!: string;
  @Timestamp() expires_at!: string;
}

export class SonarSharedTrackSchema implements SonarSharedTrack {
  @IsInt() id!: number;
  @IsString() title!: string;
  @IsString() username!: string;
  @IsString() userName!: string;
  @IsNumber() @Nullable() durationSeconds!: number | null;
}

/** Who entered or left, on the room's system notices. */
export class SonarSystemDataSchema {
  @IsIn(['entered', 'left']) kind!: 'entered' | 'left';
  @IsString() userId!: string;
  @IsString() userName!: string;
}

export class SonarMessageSchema implements SonarMessage {
  @IsInt() id!: number;
  @IsString() roomId!: string;
  @IsString() content!: string;
  @IsInt() @Nullable() replyToId!: number | null;
  @IsString() @Nullable() userId!: string | null;
  @IsString() userName!: string;
  @Timestamp() timestamp!: string;
  @Timestamp({ nullable: true }) editedAt!: string | null;
  @IsBoolean() isDeleted!: boolean;
  @IsBoolean() isSystem!: boolean;
  @Nested(() => SonarSystemDataSchema) @Nullable() systemData!: SonarSystemDataSchema | null;
  @Nested(() => SonarSharedTrackSchema) @Nullable() sharedTrack!: SonarSharedTrackSchema | null;
  @IsInt() @Nullable() sharedTrackId!: number | null;
}

/** GET /v1/sonar/{roomId}/messages */
export class SonarHistorySchema implements SonarHistory {
  @IsString() roomId!: string;
  @NestedList(() => SonarMessageSchema) messages!: SonarMessageSchema[];
  @IsInt() total!: number;
  @IsBoolean() hasMore!: boolean;
}

/** GET /v1/sonar/{roomId}/info */
export class SonarRoomInfoSchema implements SonarRoomInfo {
  @IsString() roomId!: string;
  @IsInt() messageCount!: number;
  @IsInt() userCount!: number;
}

/** GET /v1/sonar/{roomId}/message/{id} */
export class SonarMessageDataSchema {
  @Nested(() => SonarMessageSchema) message!: SonarMessageSchema;
}
