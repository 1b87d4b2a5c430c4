import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Invitation } from './invitation.entity';
import { Rsvp } from './rsvp.entity';
import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module';
import { WaitlistModule } from '../waitlist/waitlist.module';
import { CheckInController } from './check-in.controller';
import { CheckInService } from './check-in.service';
import { InvitationsAdminController } from './invitations-admin.controller';
import { InvitationsController } from './invitations.controller';
import { InvitationsMailer } from './invitations.mailer';
import { InvitationsService } from './invitations.service';
import { SendInvitationEmailJob } from './jobs/send-invitation-email.job';
import { SendRsvpConfirmationJob } from './jobs/send-rsvp-confirmation.job';
import { EventNotices } from './event-notices';
import {
  SendEventCancelledEmailJob,
  SendEventChangeEmailJob,
  SendEventReminderEmailJob,
} from './jobs/send-event-notice-emails.job';
import { SendEventRemindersJob } from './jobs/send-event-reminders.job';
import { ReservationsService } from './reservations.service';
import { RsvpChanges } from './rsvp-changes';
import { RsvpPasses } from './rsvp-pass';
import { RsvpsService } from './rsvps.service';

@Module({
  imports: [MikroOrmModule.forFeature([Invitation, Rsvp]), EventsModule, WaitlistModule],
  controllers: [InvitationsController, InvitationsAdminController, CheckInController],
  providers: [
    InvitationsService,
    RsvpsService,
    ReservationsService,
    RsvpChanges,
    InvitationsMailer,
    RsvpPasses,
    CheckInService,
    SendInvitationEmailJob,
    SendRsvpConfirmationJob,
    EventNotices,
    SendEventRemindersJob,
    SendEventReminderEmailJob,
    SendEventChangeEmailJob,
    SendEventCancelledEmailJob,
  ],
  exports: [InvitationsService, RsvpsService, ReservationsService, RsvpChanges, InvitationsMailer],
})
export class InvitationsModule {}
