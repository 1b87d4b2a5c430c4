/**
 * What other modules use of payments: its Nest module (which provides the gateway, PAYMENT_GATEWAY
 * from platform/payments) and the event routes through which a module that takes payments of its
 * own (bookings) receives its provider events, and the test gateway's card fields its card forms share. Everything else here is its own.
 */
export { PaymentsModule } from './payments.module';
export { PaymentEventRoutes } from './payment-event-routes';
export { TestCardFieldsDto } from './dto/test-card.dto';
export { PAID_SQL } from './payment-journey.sql';
