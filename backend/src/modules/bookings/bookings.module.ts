import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { ConciergeModule } from '../concierge';
import { MembersModule } from '../members';
import { PaymentsModule } from '../payments';
import { RequestsModule } from '../requests';
import { AdminBookingsController } from './admin-bookings.controller';
import { BookingHoldsScheduler } from './booking-holds.scheduler';
import { BookingPayment } from './booking-payment.entity';
import { BookingsController } from './bookings.controller';
import { BookingsMailer } from './bookings.mailer';
import { BookingsService } from './bookings.service';
import { ConfirmBookingJob } from './jobs/confirm-booking.job';
import { ReleaseExpiringHoldsJob } from './jobs/release-expiring-holds.job';
import { TellMemberJob } from './jobs/tell-member.job';
import { MemberCard } from './member-card.entity';
import { MemberCardsService } from './member-cards.service';
import { MemberOnlyGuard } from './member-only.guard';
import { TestGatewayCardsController } from './test-gateway-cards.controller';
import { BookingsPersonalData } from './bookings.personal-data';

@Module({
  imports: [
    MikroOrmModule.forFeature([MemberCard, BookingPayment]),
    ConciergeModule,
    MembersModule,
    PaymentsModule,
    RequestsModule,
  ],
  controllers: [BookingsController, AdminBookingsController, TestGatewayCardsController],
  providers: [
    BookingsPersonalData,
    MemberOnlyGuard,
    MemberCardsService,
    BookingsService,
    BookingsMailer,
    BookingHoldsScheduler,
    ConfirmBookingJob,
    TellMemberJob,
    ReleaseExpiringHoldsJob,
  ],
})
export class BookingsModule {}
