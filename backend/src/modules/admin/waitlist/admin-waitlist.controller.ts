import { Controller, Get, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import type { Response } from 'express';
import { AdminOnly } from '../admin-only.decorator';
import type { AdminRequest } from '../admin.guard';
import { AdminOrDownloadLink } from '../download-link.guard';
import { DownloadLinkService } from '../download-link.service';
import { ListWaitlistQuery } from './dto/list-waitlist.query';
import { AdminWaitlistService } from './admin-waitlist.service';
import { WaitlistService } from '../../waitlist/waitlist.service';

const EXPORT_PATH = '/api/admin/waitlist/export';

@Controller('admin/waitlist')
@AdminOnly()
export class AdminWaitlistController {
  constructor(
    private readonly waitlist: AdminWaitlistService,
    private readonly links: DownloadLinkService,
    private readonly entries: WaitlistService,
  ) {}

  @Get()
  list(@Query() query: ListWaitlistQuery) {
    return this.waitlist.list(query);
  }

  /** The sources and UTM campaigns the filter offers. */
  @Get('filters')
  async filters() {
    return { data: await this.entries.filterChoices() };
  }

  /** A one-minute, single-use link the browser follows to download the CSV export. */
  @Post('export-link')
  @HttpCode(200)
  exportLink(@Req() request: AdminRequest): { success: true; data: { url: string; expiresAt: string } } {
    const { token, expiresAt } = this.links.issue('waitlist-export', request.admin!.id);
    return { success: true, data: { url: `${EXPORT_PATH}?token=${token}`, expiresAt: expiresAt.toISOString() } };
  }
}

/** The whole waitlist as CSV, streamed: with a download link's token, or with admin credentials. */
@Controller('admin/waitlist/export')
export class AdminWaitlistExportController {
  constructor(private readonly waitlist: AdminWaitlistService) {}

  @Get()
  @AdminOrDownloadLink('waitlist-export')
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
