import { Controller, Get, Inject } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, schema, successData, t } from '../../common/api-schema';

export interface PublicConfig {
  brandName: string;
  appUrl: string;
  /** Stripe's publishable key, or null when payments run on the offline test gateway. */
  stripePublishableKey: string | null;
  paymentsMode: 'stripe' | 'test';
}

/** What the browser may know about this deployment. Never a secret. */
export function publicConfig(config: AppConfig): PublicConfig {
  const stripe = Boolean(config.STRIPE_SECRET_KEY);
  return {
    brandName: config.BRAND_NAME,
    appUrl: config.APP_URL,
    stripePublishableKey: stripe ? (config.STRIPE_PUBLISHABLE_KEY ?? null) : null,
    paymentsMode: stripe ? 'stripe' : 'test',
  };
}

@ApiTags('site')
@Controller('config')
export class SiteConfigController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get('public')
  @ApiOperation({ summary: 'What the browser may know about this deployment' })
  @ApiAnswer(
    successData(
      schema(
        'PublicConfig',
        t.object({
          brandName: t.string(),
          appUrl: t.string(),
          stripePublishableKey: t.nullable(t.string()),
          paymentsMode: t.oneOf(['stripe', 'test']),
        }),
      ),
    ),
  )
  get(): { success: true; data: PublicConfig } {
    return { success: true, data: publicConfig(this.config) };
  }
}
