import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module';
import { WaitlistModule } from '../waitlist/waitlist.module';
import { InvitationsAdminController } from './invitations-admin.controller';
import { InvitationsController } from './invitations.controller';
import { InvitationsMailer } from './invitations.mailer';
import { InvitationsService } from './invitations.service';
import { SendInvitationEmailJob } from './jobs/send-invitation-email.job';
import { SendRsvpConfirmationJob } from './jobs/send-rsvp-confirmation.job';
import { RsvpChanges } from './rsvp-changes';
import { RsvpsService } from './rsvps.service';

@Module({
  imports: [EventsModule, WaitlistModule],
  controllers: [InvitationsController, InvitationsAdminController],
  providers: [
    InvitationsService,
    RsvpsService,
    RsvpChanges,
    InvitationsMailer,
    SendInvitationEmailJob,
    SendRsvpConfirmationJob,
  ],
  exports: [InvitationsService, RsvpsService, RsvpChanges, InvitationsMailer],
})
export class InvitationsModule {}
