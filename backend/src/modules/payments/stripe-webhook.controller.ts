import { Controller, Headers, HttpCode, Post, Req } from '@nestjs/common';
import type { RawBodyRequest } from '@nestjs/common';
import type { Request } from 'express';
import { StripeEventsService } from './stripe-events.service';
import { ApiBody, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, ApiErrors, t } from '../../common/api-schema';

/** Stripe's webhook: verified on the raw body, stored with its outbox row, answered at once. */
@ApiTags('payments')
@Controller('webhooks')
export class StripeWebhookController {
  constructor(private readonly events: StripeEventsService) {}

  @Post('stripe')
  @ApiOperation({
    summary: 'Stripe’s webhook',
    description: 'Verified on the raw body with the Stripe-Signature header; answered as soon as the event is stored.',
  })
  @ApiHeader({ name: 'stripe-signature', required: true, description: 'Stripe’s signature of the raw body' })
  @ApiBody({ description: 'A Stripe event, as Stripe sends it', schema: { type: 'object' } })
  @ApiAnswer(t.object({ received: t.literal(true) }))
  @ApiErrors(400, 503)
  @HttpCode(200)
  async receive(@Req() req: RawBodyRequest<Request>, @Headers('stripe-signature') signature?: string) {
    await this.events.receiveWebhook(req.rawBody, signature);
    return { received: true };
  }
}
