import { EmailDelivery } from '../mail/email-delivery.entity';
import { OutboxMessage } from '../queue/outbox-message.entity';
import { WaitlistEntry } from '../../modules/waitlist/waitlist-entry.entity';
import { AnalyticsEvent } from '../../modules/analytics/analytics-event.entity';
import { ConciergeMessage, ConciergeThread } from '../../modules/concierge/threads/thread.entity';
import { UserRequest } from '../../modules/requests/user-request.entity';
import { Admin } from '../../modules/admin/admin.entity';
import { Event } from '../../modules/events/event.entity';
import { Invitation } from '../../modules/invitations/invitation.entity';
import { Rsvp } from '../../modules/invitations/rsvp.entity';
import { Payment } from '../../modules/payments/payment.entity';
import { StripeEvent } from '../../modules/payments/stripe-event.entity';
import { Vendor } from '../../modules/vendors/vendor.entity';
import { VendorApplication } from '../../modules/vendor-applications/vendor-application.entity';

/** Every entity, for the ORM and its migration tooling. Add a module's entities here. */
export const ENTITIES = [
  OutboxMessage,
  EmailDelivery,
  WaitlistEntry,
  AnalyticsEvent,
  Admin,
  Event,
  Invitation,
  Rsvp,
  Payment,
  StripeEvent,
  UserRequest,
  ConciergeThread,
  ConciergeMessage,
  Vendor,
  VendorApplication,
];
