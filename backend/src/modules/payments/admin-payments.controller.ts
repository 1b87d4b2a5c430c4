import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { StaffOnly } from '../admin';
import { idParam } from '../../common/id-param';
import { PageQueryDto } from '../../common/page-query.dto';
import { EventsService } from '../events';
import { AppError } from '../../common/app-error';
import { PaymentsService } from './payments.service';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, ApiErrors, dataOnly, page } from '../../common/api-schema';
import { PAYMENT_ADMIN_ROW, PAYMENT_VIEW } from './dto/payment.schemas';

@ApiTags('admin: launch party')
@Controller('admin')
@StaffOnly('payments:read')
export class AdminPaymentsController {
  constructor(
    private readonly payments: PaymentsService,
    private readonly events: EventsService,
  ) {}

  @Get('payments')
  @ApiOperation({ summary: 'A page of payments' })
  @ApiAnswer(page(PAYMENT_ADMIN_ROW))
  list(@Query() query: PageQueryDto) {
    return this.payments.list(query);
  }

  @Get('events/:id/payments')
  @ApiOperation({ summary: 'A page of an event’s payments' })
  @ApiAnswer(page(PAYMENT_ADMIN_ROW))
  @ApiErrors(404)
  async listForEvent(@Param('id') id: string, @Query() query: PageQueryDto) {
    const eventId = idParam(id, 'Event');
    if (!(await this.events.findById(eventId))) throw AppError.notFound('Event not found');
    return this.payments.list(query, eventId);
  }

  /** Asks the provider for a full refund; the payment reads 'refunded' once the provider's event lands. */
  @Post('payments/:id/refund')
  @StaffOnly('payments:refund')
  @ApiOperation({ summary: 'Asks the provider for a full refund' })
  @ApiAnswer(dataOnly(PAYMENT_VIEW), { status: 202, description: 'Refund requested' })
  @ApiErrors(404, 409, 503)
  @HttpCode(202)
  async refund(@Param('id') id: string) {
    return { data: await this.payments.refundByAdmin(id) };
  }
}
