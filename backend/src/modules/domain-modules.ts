import { AdminModule } from './admin/admin.module';
import { AnalyticsModule } from './analytics/analytics.module';
import { ConciergeModule } from './concierge/concierge.module';
import { ConciergeLanguageModule } from './concierge-language/concierge-language.module';
import { RequestsModule } from './requests/requests.module';
import { EventsModule } from './events/events.module';
import { ImagesModule } from './images/images.module';
import { InvitationsModule } from './invitations/invitations.module';
import { MaintenanceModule } from './maintenance/maintenance.module';
import { PaymentsModule } from './payments/payments.module';
import { SiteConfigModule } from './site-config/site-config.module';
import { ThreadSessionsModule } from './thread-sessions.module';
import { VendorApplicationsModule } from './vendor-applications/vendor-applications.module';
import { VendorsModule } from './vendors/vendors.module';
import { WaitlistModule } from './waitlist/waitlist.module';

/**
 * The domain modules, loaded by both the api and the worker (the worker needs their job
 * handlers and services). Add a new module here.
 */
export const DOMAIN_MODULES = [
  ConciergeLanguageModule,
  SiteConfigModule,
  WaitlistModule,
  AnalyticsModule,
  AdminModule,
  MaintenanceModule,
  EventsModule,
  InvitationsModule,
  PaymentsModule,
  RequestsModule,
  ConciergeModule,
  ThreadSessionsModule,
  ImagesModule,
  VendorsModule,
  VendorApplicationsModule,
];
