import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { PublicWrite } from '../../common/public-write.decorator';
import { AnalyticsService } from './analytics.service';
import { TrackEventsDto } from './dto/track-events.dto';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, successData, t } from '../../common/api-schema';

@ApiTags('analytics')
@Controller('analytics')
export class AnalyticsController {
  constructor(private readonly analytics: AnalyticsService) {}

  @Post('events')
  @ApiOperation({ summary: 'Records page-view and interaction events (spec, section 8)' })
  @ApiAnswer(successData(t.object({ recorded: t.integer() })), { status: 202, description: 'Accepted' })
  @HttpCode(202)
  @PublicWrite('analytics', { perMinute: 120 })
  async track(@Body() body: TrackEventsDto): Promise<{ success: true; data: { recorded: number } }> {
    return { success: true, data: { recorded: await this.analytics.record(body.events) } };
  }
}
