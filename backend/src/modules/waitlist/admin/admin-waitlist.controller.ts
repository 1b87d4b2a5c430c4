import { Controller, Get, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import type { Response } from 'express';
import { type AdminRequest, DownloadLinkService, StaffOnly, StaffOrDownloadLink } from '../../admin';
import { AuditService } from '../../audit';
import { ListWaitlistQuery } from './dto/list-waitlist.query';
import { AdminWaitlistService } from './admin-waitlist.service';
import { WaitlistService } from '../../waitlist/waitlist.service';
import { ApiBasicAuth, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, ApiErrors, ApiRawAnswer, schema, successData, t } from '../../../common/api-schema';

const EXPORT_PATH = '/api/admin/waitlist/export';

@ApiTags('admin')
@Controller('admin/waitlist')
@StaffOnly('waitlist')
export class AdminWaitlistController {
  constructor(
    private readonly waitlist: AdminWaitlistService,
    private readonly links: DownloadLinkService,
    private readonly entries: WaitlistService,
    private readonly audit: AuditService,
  ) {}

  @Get()
  @ApiOperation({ summary: 'A page of the waitlist, sorted and searched on the server' })
  @ApiAnswer(
    t.object(
      {
        data: t.array(
          schema(
            'AdminWaitlistEntry',
            t.object({
              id: t.string({ format: 'uuid' }),
              email: t.string(),
              fullName: t.nullable(t.string()),
              phone: t.nullable(t.string()),
              netWorth: t.nullable(t.number()),
              source: t.string(),
              createdAt: t.dateTime(),
              confirmedAt: { ...t.nullable(t.dateTime()), description: 'Null while the sign-up is unconfirmed' },
              nominatedBy: t.nullable(
                schema(
                  'WaitlistEntryNomination',
                  t.object({
                    memberId: t.string({ format: 'uuid' }),
                    memberName: { ...t.nullable(t.string()), description: 'Null when the member is gone' },
                    status: t.oneOf(['credited', 'suspect']),
                    reasons: { ...t.array(t.string()), description: 'Why it is suspect (empty when credited)' },
                  }),
                ),
              ),
            }),
          ),
        ),
        total: t.integer(),
        totalCapped: { ...t.literal(true), description: 'A search matched more entries than it counts' },
        page: t.integer(),
        pageSize: t.integer(),
      },
      ['totalCapped'],
    ),
  )
  list(@Query() query: ListWaitlistQuery) {
    return this.waitlist.list(query);
  }

  /** The sources and UTM campaigns the filter offers. */
  @Get('filters')
  @ApiOperation({
    summary: 'The sources and UTM campaigns (50 most common each) and the nominating members the filters offer',
  })
  @ApiAnswer(
    t.object({
      data: t.object({
        sources: t.array(t.string()),
        utmCampaigns: t.array(t.string()),
        nominators: t.array(t.object({ id: t.string({ format: 'uuid' }), name: t.string() })),
      }),
    }),
  )
  async filters() {
    const { nominatorIds, ...choices } = await this.entries.filterChoices();
    return { data: { ...choices, nominators: await this.waitlist.nominators(nominatorIds) } };
  }

  /** A one-minute, single-use link the browser follows to download the CSV export. */
  @Post('export-link')
  @ApiOperation({ summary: 'A one-minute, single-use link to download the CSV export' })
  @ApiAnswer(successData(t.object({ url: t.string(), expiresAt: t.dateTime() })))
  @HttpCode(200)
  async exportLink(@Req() request: AdminRequest): Promise<{ success: true; data: { url: string; expiresAt: string } }> {
    const { token, expiresAt } = this.links.issue('waitlist-export', request.admin!.id);
    await this.audit.recordAlone({ action: 'waitlist.export-link', target: { type: 'waitlist', id: 'export' } });
    return { success: true, data: { url: `${EXPORT_PATH}?token=${token}`, expiresAt: expiresAt.toISOString() } };
  }
}

/** The whole waitlist as CSV, streamed: with a download link's token, or with admin credentials. */
@ApiTags('admin')
@Controller('admin/waitlist/export')
export class AdminWaitlistExportController {
  constructor(private readonly waitlist: AdminWaitlistService) {}

  @Get()
  @ApiOperation({ summary: 'The whole waitlist as CSV: with a download link’s token, or admin credentials' })
  @ApiBasicAuth('admin')
  @ApiQuery({ name: 'token', required: false, description: 'A download link’s token (POST export-link)' })
  @ApiRawAnswer('text/csv', 'The waitlist, as a CSV file')
  @ApiErrors(401)
  @StaffOrDownloadLink('waitlist-export', 'waitlist')
  async export(@Res() response: Response): Promise<void> {
    const day = new Date().toISOString().slice(0, 10);
    response.status(200);
    response.setHeader('Content-Type', 'text/csv; charset=utf-8');
    response.setHeader('Content-Disposition', `attachment; filename="waitlist-${day}.csv"`);
    response.setHeader('Cache-Control', 'no-store');
    try {
      await this.waitlist.exportCsv(response);
    } finally {
      response.end();
    }
  }
}
