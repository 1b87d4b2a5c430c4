import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

export class ListUserRequestsDto {
  @MaxLength(100, { message: 'sessionId is too long' })
  @IsString({ message: 'sessionId is required' })
  @IsNotEmpty({ message: 'sessionId is required' })
  sessionId: string;
}
