import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  ValidateNested,
} from 'class-validator';

export const ANALYTICS_EVENT_NAMES = [
  'page_view',
  'scroll_75',
  'submit_waitlist',
  'concierge_page_viewed',
  'concierge_interaction',
  'ai_concierge_interaction',
  'ai_concierge_closed',
] as const;

export class AnalyticsEventDto {
  @Matches(new RegExp(`^(${ANALYTICS_EVENT_NAMES.join('|')})$`), { message: 'Unknown analytics event' })
  @IsString({ message: 'Unknown analytics event' })
  name: string;

  @IsOptional()
  @MaxLength(500, { message: 'The page address is too long' })
  @IsString({ message: 'The page address must be text' })
  path?: string;

  @IsOptional()
  @MaxLength(64, { message: 'The visitor id is too long' })
  @IsString({ message: 'The visitor id must be text' })
  visitorId?: string;

  @IsOptional()
  @IsObject({ message: 'Event properties must be an object' })
  properties?: Record<string, unknown>;
}

/** POST /api/analytics/events: one event or a small batch. */
export class TrackEventsDto {
  // ValidateNested passes a list nested in the list ([[]]) without a look: each must be an object.
  @ValidateNested({ each: true, message: 'Each event must be an object' })
  @IsObject({ each: true, message: 'Each event must be an object' })
  @Type(() => AnalyticsEventDto)
  @ArrayMaxSize(20, { message: 'At most 20 events at once' })
  @ArrayMinSize(1, { message: 'No events to record' })
  @IsArray({ message: 'Events must be a list' })
  events: AnalyticsEventDto[];
}
