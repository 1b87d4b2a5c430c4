import { AdminModule, StaffOnly } from './admin';
import { AnalyticsModule } from './analytics';
import { AuditModule } from './audit';
import { BookingsModule } from './bookings';
import { ConciergeModule } from './concierge';
import { ConciergeLanguageModule } from './concierge-language';
import { DataRequestsModule } from './data-requests';
import { RequestsModule } from './requests';
import { EventsModule } from './events';
import { ImagesModule } from './images';
import { InsightsModule } from './insights';
import { InvitationsModule } from './invitations';
import { MaintenanceModule } from './maintenance';
import { MemberNoticesModule } from './member-notices';
import { MembersModule } from './members';
import { NominationsModule } from './nominations';
import { PaymentsModule } from './payments';
import { PreferencesModule } from './preferences';
import { PrivacyModule } from './privacy';
import { SiteConfigModule } from './site-config';
import { ThreadSessionsModule } from './thread-sessions.module';
import { VendorApplicationsModule } from './vendor-applications';
import { VendorsModule } from './vendors';
import { WaitlistModule } from './waitlist';

/**
 * The domain modules, loaded by both the api and the worker (the worker needs their job
 * handlers and services). Add a new module here.
 */
export const DOMAIN_MODULES = [
  ConciergeLanguageModule,
  SiteConfigModule,
  DataRequestsModule,
  // Global: the mail platform asks it before every email with a category; others record consent through it.
  PrivacyModule,
  WaitlistModule,
  MembersModule,
  PreferencesModule,
  NominationsModule,
  AnalyticsModule,
  InsightsModule,
  // The audit log's admin routes take the staff decorator from here: admin itself records into audit.
  AuditModule.withAdminRoutes(StaffOnly('audit')),
  AdminModule,
  MaintenanceModule,
  EventsModule,
  InvitationsModule,
  PaymentsModule,
  RequestsModule,
  MemberNoticesModule,
  ConciergeModule,
  BookingsModule,
  ThreadSessionsModule,
  ImagesModule,
  VendorsModule,
  VendorApplicationsModule,
];
