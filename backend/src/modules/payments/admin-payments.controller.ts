import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { AdminOnly } from '../admin/admin-only.decorator';
import { idParam } from '../../common/id-param';
import { PageQueryDto } from '../../common/page-query.dto';
import { EventsService } from '../events/events.service';
import { AppError } from '../../common/app-error';
import { PaymentsService } from './payments.service';

@Controller('admin')
@AdminOnly()
export class AdminPaymentsController {
  constructor(
    private readonly payments: PaymentsService,
    private readonly events: EventsService,
  ) {}

  @Get('payments')
  list(@Query() query: PageQueryDto) {
    return this.payments.list(query);
  }

  @Get('events/:id/payments')
  async listForEvent(@Param('id') id: string, @Query() query: PageQueryDto) {
    const eventId = idParam(id, 'Event');
    if (!(await this.events.findById(eventId))) throw AppError.notFound('Event not found');
    return this.payments.list(query, eventId);
  }

  /** Asks the provider for a full refund; the payment reads 'refunded' once the provider's event lands. */
  @Post('payments/:id/refund')
  @HttpCode(202)
  async refund(@Param('id') id: string) {
    return { data: await this.payments.refundByAdmin(id) };
  }
}
