import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateBy } from 'class-validator';
import { Rules } from './rules';
import { MAX_WHOLE_NUMBER } from './safe-input';
import { SONAR_MSG, SONAR_PRESENCE_STATES, checkPlayback, type SonarPlayback, type SonarPresenceState } from './sonar';

/**
 * What the chat socket accepts, checked by the same rule set as HTTP bodies (the safe-input rule
 * first, then these): a payload that fails is refused with the HTTP 400's message, before anything
 * reads or writes. Content rules that need trimming (1 to 4096 characters) stay with the decider.
 */

const REQUEST_ID_MAX = 64;
const idRules = (message: string) => [IsInt({ message }), Min(1, { message }), Max(MAX_WHOLE_NUMBER, { message })];

/** Fields every writing request may carry: the client's id for matching the answer. */
class SonarRequestDto {
  @IsOptional() @Rules(IsString({ message: 'requestId must be text' }), MaxLength(REQUEST_ID_MAX, { message: `requestId must be ${REQUEST_ID_MAX} characters or less` }))
  requestId?: string;
}

export class SonarMessageDto extends SonarRequestDto {
  @IsString({ message: SONAR_MSG.contentRequired }) content!: string;
  @IsOptional() @Rules(...idRules(SONAR_MSG.replyNotFound)) replyToId?: number | null;
  @IsOptional() @Rules(...idRules(SONAR_MSG.trackNotFound)) sharedTrackId?: number | null;
}

/** Present and not null; the service looks the id up, and tells a missing message from one of another room. */
const MessageIdGiven = () => ValidateBy({
  name: 'messageIdGiven',
  validator: { validate: (value: unknown) => value !== undefined && value !== null, defaultMessage: () => SONAR_MSG.noMessageId },
});

export class SonarEditMessageDto extends SonarRequestDto {
  @MessageIdGiven() messageId!: unknown;
  @IsString({ message: SONAR_MSG.contentRequired }) content!: string;
}

export class SonarDeleteMessageDto extends SonarRequestDto {
  @MessageIdGiven() messageId!: unknown;
}

export class SonarTypingDto {
  @IsBoolean({ message: 'isTyping must be true or false' }) isTyping!: boolean;
}

const PLAYBACK_MSG = 'playback must be null or { trackId, position, playing }';

export class SonarPresenceDto {
  @IsIn(SONAR_PRESENCE_STATES, { message: `state must be one of ${SONAR_PRESENCE_STATES.join(', ')}` }) state!: SonarPresenceState;
  /** Absent: the state alone changes; null: the member stopped sharing their player. */
  @IsOptional()
  @ValidateBy({ name: 'playback', validator: { validate: (value: unknown) => checkPlayback(value) !== undefined, defaultMessage: () => PLAYBACK_MSG } })
  playback?: SonarPlayback | null;
}
