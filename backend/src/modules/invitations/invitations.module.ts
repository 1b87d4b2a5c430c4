import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Invitation } from './invitation.entity';
import { InvitationSendBatch } from './invitation-send-batch.entity';
import { Rsvp } from './rsvp.entity';
import { RsvpCheckIn } from './rsvp-check-in.entity';
import { WaitingListEntry } from './waiting-list-entry.entity';
import { Module } from '@nestjs/common';
import { EventsModule } from '../events';
import { WaitlistModule } from '../waitlist';
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
import { ExpireWaitingListOfferJob } from './jobs/expire-waiting-list-offer.job';
import { SendWaitingListOfferJob } from './jobs/send-waiting-list-offer.job';
import { SeatsFreed } from './seats-freed';
import { WaitingListAdminController, WaitingListController } from './waiting-list.controller';
import { WaitingListMailer } from './waiting-list.mailer';
import { WaitingListService } from './waiting-list.service';
import { InvitationsWaitlistAttachments } from './waitlist-attachments';
import { InvitationsPersonalData } from './invitations.personal-data';

@Module({
  imports: [
    MikroOrmModule.forFeature([Invitation, Rsvp, WaitingListEntry, InvitationSendBatch, RsvpCheckIn]),
    EventsModule,
    WaitlistModule,
  ],
  controllers: [
    InvitationsController,
    InvitationsAdminController,
    CheckInController,
    WaitingListController,
    WaitingListAdminController,
  ],
  providers: [
    InvitationsPersonalData,
    InvitationsService,
    RsvpsService,
    ReservationsService,
    RsvpChanges,
    InvitationsMailer,
    RsvpPasses,
    CheckInService,
    SendInvitationEmailJob,
    SendRsvpConfirmationJob,
    SeatsFreed,
    WaitingListService,
    WaitingListMailer,
    SendWaitingListOfferJob,
    ExpireWaitingListOfferJob,
    EventNotices,
    SendEventRemindersJob,
    SendEventReminderEmailJob,
    SendEventChangeEmailJob,
    SendEventCancelledEmailJob,
    InvitationsWaitlistAttachments,
  ],
  exports: [InvitationsService, RsvpsService, ReservationsService, RsvpChanges, InvitationsMailer],
})
export class InvitationsModule {}
