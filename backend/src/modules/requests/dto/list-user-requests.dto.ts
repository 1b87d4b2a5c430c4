import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

export class ListUserRequestsDto {
  @MaxLength(100, { message: 'The session id is too long' })
  @IsString({ message: 'The session id is required' })
  @IsNotEmpty({ message: 'The session id is required' })
  sessionId: string;
}
