import { Controller, Get, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { AdminOnly } from '../admin-only.decorator';
import { ListWaitlistQuery } from './dto/list-waitlist.query';
import { AdminWaitlistService } from './admin-waitlist.service';

@Controller('admin/waitlist')
@AdminOnly()
export class AdminWaitlistController {
  constructor(private readonly waitlist: AdminWaitlistService) {}

  @Get()
  list(@Query() query: ListWaitlistQuery) {
    return this.waitlist.list(query);
  }

  @Get('export')
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
