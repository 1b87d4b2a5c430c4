import { IsOptional, IsUUID, ValidateIf } from 'class-validator';

const NAME_ONE = 'Please name the conversation or the request that was opened';

/** What the member opened: a conversation (its requests are read with it) or a request. */
export class MarkReadDto {
  @ValidateIf((body: MarkReadDto) => body.requestId === undefined)
  @IsUUID('all', { message: NAME_ONE })
  threadId?: string;

  @IsOptional()
  @IsUUID('all', { message: NAME_ONE })
  requestId?: string;
}
