/**
 * What the app's composition root uses of payments: its Nest module. Everything else here is its own.
 */
export { PaymentsModule } from './payments.module';
