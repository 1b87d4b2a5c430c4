import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Invitation } from './invitation.entity';
import { Rsvp } from './rsvp.entity';
import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module';
import { InvitationsAdminController } from './invitations-admin.controller';
import { InvitationsController } from './invitations.controller';
import { InvitationsMailer } from './invitations.mailer';
import { InvitationsService } from './invitations.service';
import { SendInvitationEmailJob } from './jobs/send-invitation-email.job';
import { SendRsvpConfirmationJob } from './jobs/send-rsvp-confirmation.job';
import { ReservationsService } from './reservations.service';
import { RsvpChanges } from './rsvp-changes';
import { RsvpsService } from './rsvps.service';

@Module({
  imports: [MikroOrmModule.forFeature([Invitation, Rsvp]), EventsModule],
  controllers: [InvitationsController, InvitationsAdminController],
  providers: [
    InvitationsService,
    RsvpsService,
    ReservationsService,
    RsvpChanges,
    InvitationsMailer,
    SendInvitationEmailJob,
    SendRsvpConfirmationJob,
  ],
  exports: [InvitationsService, RsvpsService, ReservationsService, RsvpChanges, InvitationsMailer],
})
export class InvitationsModule {}
