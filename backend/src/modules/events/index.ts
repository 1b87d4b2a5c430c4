/**
 * What other modules may use of events: the service (an event by id, its capacity...), the plain
 * event view and its constants, the lifecycle's notices (EventLifecycle), and the event's dates,
 * prices and calendar as guests are told them. Its entities, DTOs and SQL are its own.
 */
export { EventsModule } from './events.module';
export { EventsService } from './events.service';
export { eventAddress, eventCalendar } from './event-calendar';
export {
  currencyDigits,
  formatDeadline,
  formatEventDate,
  formatEventTime,
  formatMoney,
  formatTicketPrice,
} from './event-format';
export { EventLifecycle, type EventSaved } from './event-lifecycle';
export { eventEndsAt, eventStartsAt, reminderDueAt, reminderLead, rsvpDeadlineOf, startKey } from './event-schedule';
export { CURRENCIES, EVENT_STATUSES, type EventView } from './event-view';
