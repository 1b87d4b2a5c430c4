import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';

export const MAX_MESSAGE = 4000;
/** A frame id is a safe integer: past it, Redis and JavaScript read different numbers. */
export const MAX_FRAME_ID = Number.MAX_SAFE_INTEGER;
export const RESUME_POINT = 'The resume point must be the id of a frame (0 or more)';
const ROLES = ['user', 'assistant', 'system'];
const MAX_TURN = 20000;
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class ChatTurnDto {
  @IsIn(ROLES, { message: 'Each message role must be user, assistant or system' })
  role: 'user' | 'assistant' | 'system';

  @MaxLength(MAX_TURN, { message: 'A message in the conversation is too long' })
  @IsString({ message: 'Each message needs text content' })
  content: string;
}

export class UserLocationDto {
  @IsOptional()
  @Max(90, { message: 'Latitude must be between -90 and 90' })
  @Min(-90, { message: 'Latitude must be between -90 and 90' })
  @IsNumber({}, { message: 'Latitude must be a number' })
  latitude?: number;

  @IsOptional()
  @Max(180, { message: 'Longitude must be between -180 and 180' })
  @Min(-180, { message: 'Longitude must be between -180 and 180' })
  @IsNumber({}, { message: 'Longitude must be a number' })
  longitude?: number;

  @IsOptional()
  @MaxLength(200, { message: 'The place name is too long' })
  @IsString({ message: 'The place name must be text' })
  locationName?: string;
}

/** POST /api/chat, as section 7 of the spec. */
export class ChatDto {
  @MaxLength(MAX_MESSAGE, { message: `Your message is too long (${MAX_MESSAGE} characters at most).` })
  @IsString({ message: 'Please type a message.' })
  @IsNotEmpty({ message: 'Please type a message.' })
  @Transform(trim)
  message: string;

  @IsOptional()
  @ValidateNested({ each: true, message: 'Each message in the conversation must be an object' })
  @IsObject({ each: true, message: 'Each message in the conversation must be an object' })
  @Type(() => ChatTurnDto)
  @ArrayMaxSize(200, { message: 'The conversation is too long.' })
  @IsArray({ message: 'The conversation must be a list of messages' })
  conversationHistory?: ChatTurnDto[];

  @IsOptional()
  @MaxLength(100, { message: 'The session id is too long' })
  @IsString({ message: 'The session id must be text' })
  sessionId?: string;

  @IsOptional()
  @ValidateNested({ message: 'The location must be an object' })
  @Type(() => UserLocationDto)
  userLocation?: UserLocationDto;
}

/**
 * POST /api/chat/stream: the member's new message in a thread the server holds. The model reads
 * the thread as the server keeps it, never a history the client sends.
 */
export class StreamChatDto {
  @IsUUID('all', { message: 'The conversation id must be a UUID' })
  @IsNotEmpty({ message: 'Please choose a conversation.' })
  threadId: string;

  /** The member's new message; absent for Regenerate, which answers the thread's last message again. */
  @IsOptional()
  @MaxLength(MAX_MESSAGE, { message: `Your message is too long (${MAX_MESSAGE} characters at most).` })
  @IsNotEmpty({ message: 'Please type a message.' })
  @IsString({ message: 'Please type a message.' })
  @Transform(trim)
  message?: string;

  /** The id the browser gave the member's message, so the server's copy keeps it. */
  @IsOptional()
  @IsUUID('all', { message: 'The message id must be a UUID' })
  userMessageId?: string;

  /** Edit and resend, or Regenerate: this message of the thread and every later one are replaced. */
  @IsOptional()
  @IsUUID('all', { message: 'The message to replace must be given by its id' })
  replaceFrom?: string;
}

/** POST /api/chat/title. */
export class TitleDto {
  @MaxLength(20000, { message: 'The message is too long.' })
  @IsString({ message: 'The message must be text' })
  @IsOptional()
  message?: string;
}

/** GET /api/chat/stream/{messageId}?after=: the last frame the client saw (0: none). */
export class ResumeStreamDto {
  @IsOptional()
  @Max(MAX_FRAME_ID, { message: RESUME_POINT })
  @Min(0, { message: RESUME_POINT })
  @IsInt({ message: RESUME_POINT })
  @Type(() => Number)
  after?: number;
}
