import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { PublicWrite } from '../../common/public-write.decorator';
import { ConfirmPaymentDto } from './dto/confirm-payment.dto';
import { CreatePaymentDto } from './dto/create-payment.dto';
import { PaymentsService } from './payments.service';

/** The guest's calls of the spec's section 7. */
@Controller()
export class PaymentsController {
  constructor(private readonly payments: PaymentsService) {}

  @Post('rsvp/:rsvpId/payment')
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
  async status(@Param('rsvpId') rsvpId: string) {
    return { data: { payment: await this.payments.forGuest(rsvpId) } };
  }

  @Post('payments/:id/confirm')
  @HttpCode(200)
  @PublicWrite('payments', { perMinute: 30 })
  async confirm(@Param('id') id: string, @Body() body: ConfirmPaymentDto) {
    const payment = await this.payments.confirm(id, body.paymentIntentId);
    return { success: true, data: { payment: { id: payment.id, status: payment.status } } };
  }
}
