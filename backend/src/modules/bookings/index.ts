/**
 * What the app's composition root uses of bookings: its Nest module. A booking's payment reaches
 * it through payments' event routes (registered here at start); its tables are its own.
 */
export { BookingsModule } from './bookings.module';
