import { Transform, Type } from 'class-transformer';
import {
  isIn,
  isUUID,
  maxLength,
  ArrayMaxSize,
  ArrayNotEmpty,
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
const ROLES = ['user', 'assistant', 'system'];
const MAX_TURN = 20000;
const MAX_TURNS = 200;
const MAX_THREAD_ID = 100;
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

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const absent = (value: unknown) => value === undefined || value === null;

/** POST /api/chat/stream: the threaded chat's whole history. */
export class StreamChatDto {
  /**
   * Every member's message is read here (PlainlyReadable): a body that passes the rules below,
   * checked by class-validator's own functions, is taken at once; any other goes to the pipe.
   */
  static readPlainly(value: unknown): StreamChatDto | null {
    if (!isRecord(value) || !Array.isArray(value.messages)) return null;
    const { threadId, userMessageId, replaceFrom } = value;
    if (!absent(threadId) && !(typeof threadId === 'string' && maxLength(threadId, MAX_THREAD_ID))) return null;
    if (!absent(userMessageId) && !isUUID(userMessageId, 'all')) return null;
    if (!absent(replaceFrom) && !isUUID(replaceFrom, 'all')) return null;
    if (value.messages.length === 0 || value.messages.length > MAX_TURNS) return null;
    const messages: ChatTurnDto[] = [];
    for (const turn of value.messages as unknown[]) {
      if (!isRecord(turn) || !isIn(turn.role, ROLES)) return null;
      if (typeof turn.content !== 'string' || !maxLength(turn.content, MAX_TURN)) return null;
      messages.push(Object.assign(new ChatTurnDto(), { role: turn.role, content: turn.content }));
    }
    const dto = Object.assign(new StreamChatDto(), { messages });
    // As the pipe leaves them: a field sent (even as null) is kept, one not sent stays absent.
    if ('threadId' in value) dto.threadId = threadId as string;
    if ('userMessageId' in value) dto.userMessageId = userMessageId as string;
    if ('replaceFrom' in value) dto.replaceFrom = replaceFrom as string;
    return dto;
  }

  @IsOptional()
  @MaxLength(MAX_THREAD_ID, { message: 'The thread id is too long' })
  @IsString({ message: 'The thread id must be text' })
  threadId?: string;

  @ValidateNested({ each: true, message: 'Each message in the conversation must be an object' })
  @IsObject({ each: true, message: 'Each message in the conversation must be an object' })
  @Type(() => ChatTurnDto)
  @ArrayMaxSize(MAX_TURNS, { message: 'The conversation is too long. Please start a new conversation.' })
  @ArrayNotEmpty({ message: 'Please type a message.' })
  @IsArray({ message: 'The conversation must be a list of messages' })
  messages: ChatTurnDto[];

  /** The id the browser gave the member's (last) message, so the server's copy keeps it. */
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
  @Min(0, { message: 'The resume point must be the id of a frame (0 or more)' })
  @IsInt({ message: 'The resume point must be the id of a frame (0 or more)' })
  @Type(() => Number)
  after?: number;
}
