import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AppError } from '../../common/app-error';
import { ApiAnswer, ApiErrors, ApiRawAnswer } from '../../common/api-schema';
import { UUID } from '../../common/uuid';
import { StaffOnly } from '../admin';
import { MembersService } from '../members';
import { InsightsQueryDto } from './dto/insights-query.dto';
import { INSIGHTS_CAMPAIGNS, INSIGHTS_FUNNEL, INSIGHTS_SPONSOR, INSIGHTS_SPONSORS } from './dto/insights.schemas';
import {
  campaignsCsv,
  CSV_TABLES,
  type CsvTable,
  daysCsv,
  filterValues,
  funnelCsv,
  sponsorsCsv,
} from './insights-views';
import { InsightsService } from './insights.service';

/** The Insights tab: the funnel from visit to paid guest, by campaign and by nominating member. */
@ApiTags('admin')
@Controller('admin/insights')
export class InsightsAdminController {
  constructor(
    private readonly insights: InsightsService,
    private readonly members: MembersService,
  ) {}

  @Get('funnel')
  @StaffOnly('insights')
  @ApiOperation({
    summary: 'The funnel (visits, sign-ups, confirmed, offered or invited, attending, paid) for a range, and by day',
    description:
      'A cohort: the people who signed up in the range (UTC days, both ends included; the last 90 days by default) and how far each went since, as of the last rebuild (asOf; a repeating job). Medians are read from bucket counts, so approximate.',
  })
  @ApiAnswer(INSIGHTS_FUNNEL)
  @ApiErrors(400)
  async funnel(@Query() query: InsightsQueryDto) {
    return { data: await this.insights.funnel(filterValues(query)) };
  }

  @Get('campaigns')
  @StaffOnly('insights')
  @ApiOperation({ summary: 'The funnel by UTM source, medium and campaign' })
  @ApiAnswer(INSIGHTS_CAMPAIGNS)
  @ApiErrors(400)
  async campaigns(@Query() query: InsightsQueryDto) {
    const filter = filterValues(query);
    const [rows, asOf] = await Promise.all([this.insights.campaigns(filter), this.insights.asOf()]);
    return { data: { from: filter.from, to: filter.to, asOf, rows } };
  }

  @Get('sponsors')
  @StaffOnly('insights')
  @ApiOperation({ summary: 'Sponsor quality: by nominating member, who signed up, was invited, came and paid' })
  @ApiAnswer(INSIGHTS_SPONSORS)
  @ApiErrors(400)
  async sponsors(@Query() query: InsightsQueryDto) {
    const filter = filterValues(query);
    const [rows, asOf] = await Promise.all([this.insights.sponsors(filter), this.insights.asOf()]);
    return { data: { from: filter.from, to: filter.to, asOf, rows } };
  }

  @Get('sponsors/:memberId')
  @StaffOnly('insights')
  @ApiOperation({ summary: 'One member’s sponsor quality (all time unless a range is given)' })
  @ApiAnswer(INSIGHTS_SPONSOR)
  @ApiErrors(400, 404)
  async sponsor(@Param('memberId') memberId: string, @Query() query: InsightsQueryDto) {
    if (!UUID.test(memberId)) throw AppError.notFound('Member not found');
    const known = await this.members.describe([memberId]);
    if (!known.has(memberId)) throw AppError.notFound('Member not found');
    const filter = filterValues(query, new Date(), true);
    const [sponsor, asOf] = await Promise.all([this.insights.sponsor(memberId, filter), this.insights.asOf()]);
    return { data: { from: filter.from, to: filter.to, asOf, sponsor } };
  }

  @Get(':table.csv')
  @StaffOnly('insights')
  @ApiOperation({
    summary: 'One of the tab’s tables (funnel, days, campaigns, sponsors) as CSV, same range and filters',
  })
  @ApiRawAnswer('text/csv', 'The table, as a CSV file')
  @ApiErrors(400, 404)
  async csv(@Param('table') table: string, @Query() query: InsightsQueryDto, @Res() response: Response): Promise<void> {
    if (!(CSV_TABLES as readonly string[]).includes(table)) throw AppError.notFound('There is no such table');
    const filter = filterValues(query);
    const body = await this.csvOf(table as CsvTable, filter);
    response.status(200);
    response.setHeader('Content-Type', 'text/csv; charset=utf-8');
    response.setHeader(
      'Content-Disposition',
      `attachment; filename="insights-${table}-${filter.from}-${filter.to}.csv"`,
    );
    response.setHeader('Cache-Control', 'no-store');
    response.send(body);
  }

  private async csvOf(table: CsvTable, filter: ReturnType<typeof filterValues>): Promise<string> {
    if (table === 'campaigns') return campaignsCsv(await this.insights.campaigns(filter));
    if (table === 'sponsors') return sponsorsCsv(await this.insights.sponsors(filter));
    const view = await this.insights.funnel(filter);
    return table === 'funnel' ? funnelCsv(view) : daysCsv(view);
  }
}
