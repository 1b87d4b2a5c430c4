import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsNotEmpty, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class CreateThreadDto {
  /** A thread the browser created (while the server was out of reach) keeps its id. */
  @IsOptional()
  @IsUUID('all', { message: 'The conversation id must be a UUID' })
  id?: string;

  @IsOptional()
  @MaxLength(200, { message: 'The title is too long (200 characters at most).' })
  @IsString({ message: 'The title must be text' })
  @Transform(trim)
  title?: string;
}

export class RenameThreadDto {
  @MaxLength(200, { message: 'The title is too long (200 characters at most).' })
  @IsNotEmpty({ message: 'Please enter a title.' })
  @IsString({ message: 'Please enter a title.' })
  @Transform(trim)
  title: string;
}

export class RateMessageDto {
  @IsBoolean({ message: 'Say whether the reply was helpful (true or false).' })
  helpful: boolean;

  @IsOptional()
  @MaxLength(2000, { message: 'The comment is too long (2000 characters at most).' })
  @IsString({ message: 'The comment must be text' })
  comment?: string | null;
}

/** The member's answer to a step of a reply that asked (Yes / No). */
export class AnswerStepDto {
  @IsIn(['yes', 'no'], { message: "Please answer 'yes' or 'no'." })
  answer: 'yes' | 'no';
}
