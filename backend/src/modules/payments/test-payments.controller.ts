import { Body, Controller, Get, Header, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { AppError } from '../../common/app-error';
import { PublicWrite } from '../../common/public-write.decorator';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';
import { escapeHtml } from '../../platform/mail/email-layout';
import { GatewayError, PAYMENT_GATEWAY, type PaymentGateway } from '../../platform/payments/payment-gateway';
import { TestPaymentGateway } from '../../platform/payments/test-gateway';
import { TestCardDto } from './dto/test-card.dto';
import { formatAmount } from './money';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, ApiErrors, ApiRawAnswer, successData, t } from '../../common/api-schema';

/**
 * The offline test gateway's two browser-facing calls, present only when no Stripe keys are set:
 * confirming with a test card (what Stripe.js does against Stripe) and the receipt page.
 */
@ApiTags('payments')
@Controller('test-payments')
export class TestPaymentsController {
  constructor(
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private testGateway(): TestPaymentGateway {
    if (!(this.gateway instanceof TestPaymentGateway)) throw AppError.notFound('Test payments are not enabled');
    return this.gateway;
  }

  @Post('intents/:id/confirm')
  @ApiOperation({ summary: 'Test gateway: confirms a payment with a test card (only without Stripe keys)' })
  @ApiAnswer(
    successData(
      t.object({
        paymentIntent: t.object({ id: t.string(), status: t.string(), paymentMethodType: t.literal('card') }),
      }),
    ),
  )
  @ApiErrors(402, 404, 409)
  @HttpCode(200)
  @PublicWrite('test-payments', { perMinute: 30 })
  async confirm(@Param('id') id: string, @Body() body: TestCardDto) {
    const outcome = await this.testGateway()
      .confirmCard(id, body.clientSecret, { number: body.cardNumber, expiry: body.expiry, cvc: body.cvc })
      .catch((error: unknown) => {
        if (!(error instanceof GatewayError)) throw error;
        throw error.statusCode === 404 ? AppError.notFound('Payment not found') : AppError.conflict(error.message);
      });
    // Stripe answers a card error with 402: the house error shape, with the provider's code beside it.
    if (!outcome.ok) throw AppError.paymentRequired(outcome.message, outcome.code);
    return {
      success: true,
      data: { paymentIntent: { id: outcome.intent.id, status: outcome.intent.status, paymentMethodType: 'card' } },
    };
  }

  @Get('receipts/:chargeId')
  @ApiOperation({ summary: 'Test gateway: the receipt page of a test charge' })
  @ApiRawAnswer('text/html', 'The receipt, as a page')
  @ApiErrors(404)
  @Header('Content-Type', 'text/html; charset=utf-8')
  async receipt(@Param('chargeId') chargeId: string): Promise<string> {
    const found = await this.testGateway().receipt(String(chargeId).slice(0, 100));
    if (!found) throw AppError.notFound('Receipt not found');
    const brand = escapeHtml(this.config.BRAND_NAME);
    const amount = escapeHtml(formatAmount(found.amount, found.currency.toUpperCase()));
    const rows: Array<[string, string]> = [
      ['Amount', amount],
      ['Description', escapeHtml(found.description)],
      ['Payment method', 'Test card'],
      ['Receipt number', escapeHtml(found.chargeId)],
      ['Status', found.refunded ? 'Refunded' : 'Paid'],
    ];
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Receipt · ${brand}</title></head>
<body style="margin:0;background:#0b0b0c;color:#f3ede2;font:16px/1.6 Georgia,serif">
<main style="max-width:520px;margin:0 auto;padding:48px 20px">
<p style="color:#c9a35b;letter-spacing:6px;text-transform:uppercase;font:13px Helvetica,Arial,sans-serif;text-align:center">${brand}</p>
<h1 style="font-weight:400;text-align:center;margin:16px 0 8px">Receipt</h1>
<p style="text-align:center;color:#e6b450;border:1px solid #6b5526;padding:8px;font:13px Helvetica,Arial,sans-serif">Test payment: no real card was charged.</p>
<table style="width:100%;border-collapse:collapse;margin-top:24px">${rows
      .map(
        ([k, v]) =>
          `<tr><td style="padding:10px 0;border-bottom:1px solid #2a2620;color:#9b8f7a;font:12px Helvetica,Arial,sans-serif;letter-spacing:2px;text-transform:uppercase">${k}</td><td style="padding:10px 0;border-bottom:1px solid #2a2620;text-align:right">${v}</td></tr>`,
      )
      .join('')}</table>
</main></body></html>`;
  }
}
