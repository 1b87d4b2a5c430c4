import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Payment } from './payment.entity';
import { PaymentRefund } from './payment-refund.entity';
import { StripeEvent } from './stripe-event.entity';
import { EntityManager } from '@mikro-orm/postgresql';
import { Module } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';
import { PAYMENT_GATEWAY, type PaymentGateway } from '../../platform/payments/payment-gateway';
import { StripeGateway } from '../../platform/payments/stripe-gateway';
import { TestPaymentGateway } from '../../platform/payments/test-gateway';
import {
  TestGatewayIntent,
  TestGatewayPaymentMethod,
  TestGatewayRefund,
  TestGatewaySetupIntent,
} from '../../platform/payments/test-gateway.entity';
import { EventsModule } from '../events';
import { InvitationsModule } from '../invitations';
import { AdminPaymentsController } from './admin-payments.controller';
import { HoldReleaseScheduler } from './hold-release.scheduler';
import { ApplyStripeEventJob } from './jobs/apply-stripe-event.job';
import { CancelPaymentIntentJob } from './jobs/cancel-payment-intent.job';
import { PartialRefundJob } from './jobs/partial-refund.job';
import { RefundPaymentJob } from './jobs/refund-payment.job';
import { SendPartialRefundNoticeJob } from './jobs/send-partial-refund-notice.job';
import { ReleaseExpiredHoldsJob } from './jobs/release-expired-holds.job';
import { SendRefundNoticeJob } from './jobs/send-refund-notice.job';
import { PaymentEventRoutes } from './payment-event-routes';
import { PaymentSettlement } from './payment-settlement.service';
import { PaymentsController } from './payments.controller';
import { PaymentsMailer } from './payments.mailer';
import { PaymentsService } from './payments.service';
import { StripeEventsService } from './stripe-events.service';
import { StripeWebhookController } from './stripe-webhook.controller';
import { TestPaymentsController } from './test-payments.controller';

/** Stripe when STRIPE_SECRET_KEY is set; otherwise the clearly labelled offline test gateway. */
const gatewayProvider = {
  provide: PAYMENT_GATEWAY,
  inject: [APP_CONFIG, EntityManager, StripeEventsService],
  useFactory: (config: AppConfig, em: EntityManager, events: StripeEventsService): PaymentGateway =>
    config.STRIPE_SECRET_KEY
      ? new StripeGateway(config)
      : new TestPaymentGateway(em, events, `${config.APP_URL.replace(/\/$/, '')}/api/test-payments/receipts`),
};
import { PaymentsPersonalData } from './payments.personal-data';

@Module({
  imports: [
    MikroOrmModule.forFeature([
      Payment,
      StripeEvent,
      PaymentRefund,
      TestGatewayIntent,
      TestGatewayRefund,
      TestGatewayPaymentMethod,
      TestGatewaySetupIntent,
    ]),
    EventsModule,
    InvitationsModule,
  ],
  controllers: [PaymentsController, StripeWebhookController, AdminPaymentsController, TestPaymentsController],
  providers: [
    PaymentsPersonalData,
    gatewayProvider,
    StripeEventsService,
    PaymentEventRoutes,
    PaymentSettlement,
    PaymentsService,
    PaymentsMailer,
    HoldReleaseScheduler,
    ApplyStripeEventJob,
    RefundPaymentJob,
    PartialRefundJob,
    CancelPaymentIntentJob,
    SendPartialRefundNoticeJob,
    SendRefundNoticeJob,
    ReleaseExpiredHoldsJob,
  ],
  // The gateway and the event routes: for modules that take payments of their own (bookings).
  exports: [PaymentsService, PAYMENT_GATEWAY, PaymentEventRoutes],
})
export class PaymentsModule {}
