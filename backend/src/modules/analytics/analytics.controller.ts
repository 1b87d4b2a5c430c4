import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { PublicWrite } from '../../common/public-write.decorator';
import { AnalyticsService } from './analytics.service';
import { TrackEventsDto } from './dto/track-events.dto';

@Controller('analytics')
export class AnalyticsController {
  constructor(private readonly analytics: AnalyticsService) {}

  @Post('events')
  @HttpCode(202)
  @PublicWrite('analytics', { perMinute: 120 })
  async track(@Body() body: TrackEventsDto): Promise<{ success: true; data: { recorded: number } }> {
    return { success: true, data: { recorded: await this.analytics.record(body.events) } };
  }
}
