import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { TIMES_OF_DAY, type TimeOfDay } from '../../../platform/ai/images/illustration';
import { MESSAGE_CATEGORIES, type MessageCategory } from '../../../platform/ai/types';

const CATEGORY_MESSAGE = `Category must be one of ${MESSAGE_CATEGORIES.join(', ')}`;

/** POST /api/generate-image: the spec's {category}, and what the page knows to vary the picture by. */
export class GenerateImageDto {
  @IsIn(MESSAGE_CATEGORIES, { message: CATEGORY_MESSAGE })
  @IsString({ message: CATEGORY_MESSAGE })
  category: MessageCategory;

  /** Where the conversation is about, or where the member is ("Monaco"). */
  @IsOptional()
  @MaxLength(100, { message: 'The place is too long' })
  @IsString({ message: 'The place must be text' })
  place?: string;

  /** The member's time of day; the server's when absent. */
  @IsOptional()
  @IsIn(TIMES_OF_DAY, { message: `Time of day must be one of ${TIMES_OF_DAY.join(', ')}` })
  timeOfDay?: TimeOfDay;

  /** The concierge session, for its own rate limit. */
  @IsOptional()
  @MaxLength(100, { message: 'The session id is too long' })
  @IsString({ message: 'The session id must be text' })
  sessionId?: string;
}
