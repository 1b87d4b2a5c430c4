import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { PublicWrite } from '../../common/public-write.decorator';
import { ConfirmPaymentDto } from './dto/confirm-payment.dto';
import { CreatePaymentDto } from './dto/create-payment.dto';
import { PaymentsService } from './payments.service';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, ApiErrors, dataOnly, successData, t } from '../../common/api-schema';
import { GUEST_PAYMENT } from './dto/payment.schemas';
import { PAYMENT_STATUSES } from './payment.entity';

/** The guest's calls of the spec's section 7. */
@ApiTags('payments')
@Controller()
export class PaymentsController {
  constructor(private readonly payments: PaymentsService) {}

  @Post('rsvp/:rsvpId/payment')
  @ApiOperation({ summary: 'Starts the payment of an attending guest’s reservation' })
  @ApiAnswer(
    dataOnly(
      t.object({
        payment: t.object({
          id: t.string({ format: 'uuid' }),
          amount: t.number(),
          currency: t.string(),
          status: t.oneOf(PAYMENT_STATUSES),
        }),
        clientSecret: t.string(),
      }),
    ),
  )
  @ApiErrors(404, 409, 503)
  @HttpCode(200)
  @PublicWrite('payments', { perMinute: 30 })
  async create(@Param('rsvpId') rsvpId: string, @Body() body: CreatePaymentDto) {
    const { payment, clientSecret } = await this.payments.createForRsvp(rsvpId, body.amount);
    return {
      data: {
        payment: { id: payment.id, amount: payment.amount, currency: payment.currency, status: payment.status },
        clientSecret,
      },
    };
  }

  /** Where the reservation's payment stands (the thank-you page waits on it). */
  @Get('rsvp/:rsvpId/payment')
  @ApiOperation({ summary: 'Where the reservation’s payment stands' })
  @ApiAnswer(dataOnly(t.object({ payment: t.nullable(GUEST_PAYMENT) })))
  @ApiErrors(404)
  async status(@Param('rsvpId') rsvpId: string) {
    return { data: { payment: await this.payments.forGuest(rsvpId) } };
  }

  @Post('payments/:id/confirm')
  @ApiOperation({ summary: 'Records the outcome of the card confirmation in the browser' })
  @ApiAnswer(
    successData(
      t.object({ payment: t.object({ id: t.string({ format: 'uuid' }), status: t.oneOf(PAYMENT_STATUSES) }) }),
    ),
  )
  @ApiErrors(404, 409, 503)
  @HttpCode(200)
  @PublicWrite('payments', { perMinute: 30 })
  async confirm(@Param('id') id: string, @Body() body: ConfirmPaymentDto) {
    const payment = await this.payments.confirm(id, body.paymentIntentId);
    return { success: true, data: { payment: { id: payment.id, status: payment.status } } };
  }
}
