import { Body, Controller, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AppError } from '../../common/app-error';
import { ApiAnswer, ApiErrors, successData, t } from '../../common/api-schema';
import { PublicWrite } from '../../common/public-write.decorator';
import { GatewayError, PAYMENT_GATEWAY, type PaymentGateway } from '../../platform/payments/payment-gateway';
import { TestPaymentGateway } from '../../platform/payments/test-gateway';
import { TestAuthenticationDto, TestSetupCardDto } from './dto/bookings.dto';

/**
 * The offline test gateway's browser-facing calls for saved cards, present only without Stripe
 * keys: saving a card (what Stripe.js does with a SetupIntent) and the 3-D Secure page's answer.
 */
@ApiTags('payments')
@Controller('test-payments')
export class TestGatewayCardsController {
  constructor(@Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway) {}

  private testGateway(): TestPaymentGateway {
    if (!(this.gateway instanceof TestPaymentGateway)) throw AppError.notFound('Test payments are not enabled');
    return this.gateway;
  }

  @Post('setup-intents/:id/confirm')
  @ApiOperation({ summary: 'Test gateway: saves a test card through a SetupIntent (only without Stripe keys)' })
  @ApiAnswer(successData(t.object({ setupIntent: t.object({ id: t.string(), status: t.string() }) })))
  @ApiErrors(402, 404)
  @HttpCode(200)
  @PublicWrite('test-payments', { perMinute: 30 })
  async confirmSetup(@Param('id') id: string, @Body() body: TestSetupCardDto) {
    const outcome = await this.testGateway()
      .confirmSetupCard(String(id).slice(0, 100), body.clientSecret, {
        number: body.cardNumber,
        expiry: body.expiry,
        cvc: body.cvc,
      })
      .catch(notFound);
    if (!outcome.ok) throw AppError.paymentRequired(outcome.message, outcome.code);
    return { success: true, data: { setupIntent: { id: outcome.setup.id, status: outcome.setup.status } } };
  }

  @Post('intents/:id/authenticate')
  @ApiOperation({ summary: 'Test gateway: the 3-D Secure page’s answer for a payment that asked for it' })
  @ApiAnswer(successData(t.object({ paymentIntent: t.object({ id: t.string(), status: t.string() }) })))
  @ApiErrors(404)
  @HttpCode(200)
  @PublicWrite('test-payments', { perMinute: 30 })
  async authenticate(@Param('id') id: string, @Body() body: TestAuthenticationDto) {
    const intent = await this.testGateway()
      .authenticate(String(id).slice(0, 100), body.clientSecret, body.outcome === 'complete')
      .catch(notFound);
    return { success: true, data: { paymentIntent: { id: intent.id, status: intent.status } } };
  }
}

function notFound(error: unknown): never {
  if (error instanceof GatewayError && error.statusCode === 404) throw AppError.notFound('Payment not found');
  throw error;
}
