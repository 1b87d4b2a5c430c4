import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { clientIp } from '../../common/client-ip';
import { PublicWrite } from '../../common/public-write.decorator';
import { PageViewsService } from '../insights';
import { AnalyticsService } from './analytics.service';
import { TrackEventsDto } from './dto/track-events.dto';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, successData, t } from '../../common/api-schema';

@ApiTags('analytics')
@Controller('analytics')
export class AnalyticsController {
  constructor(
    private readonly analytics: AnalyticsService,
    private readonly pageViews: PageViewsService,
  ) {}

  @Post('events')
  @ApiOperation({
    summary: 'Records page-view and interaction events (spec, section 8)',
    description:
      'A page_view of a public page is also counted for the insights tab without identifying the visitor (its properties may carry the page’s `search` and the `referrer`).',
  })
  @ApiAnswer(successData(t.object({ recorded: t.integer() })), { status: 202, description: 'Accepted' })
  @HttpCode(202)
  @PublicWrite('analytics', { perMinute: 120 })
  async track(
    @Body() body: TrackEventsDto,
    @Req() request: Request,
  ): Promise<{ success: true; data: { recorded: number } }> {
    // The page's address and referrer are the insights' to read (and reduce to counts), not to keep here.
    const recorded = await this.analytics.record(
      body.events.map((event) => {
        if (event.name !== 'page_view' || !event.properties) return event;
        const { search: _search, referrer: _referrer, ...kept } = event.properties;
        return { ...event, properties: kept };
      }),
    );
    const client = { ip: clientIp(request), userAgent: request.get('user-agent') };
    for (const event of body.events) {
      if (event.name !== 'page_view') continue;
      await this.pageViews.record(
        { path: event.path, search: event.properties?.search, referrer: event.properties?.referrer },
        client,
      );
    }
    return { success: true, data: { recorded } };
  }
}
