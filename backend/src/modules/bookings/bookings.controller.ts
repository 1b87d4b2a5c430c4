import { Body, Controller, Delete, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AppError } from '../../common/app-error';
import { ApiAnswer, ApiErrors, dataOnly, t } from '../../common/api-schema';
import { UUID } from '../../common/uuid';
import { BookingsService } from './bookings.service';
import { ConfirmCardSetupDto } from './dto/bookings.dto';
import { BOOKING_VIEW, CARD_SETUP, MEMBER_CARD, PAY_STATE } from './dto/bookings.schemas';
import { MemberCardsService } from './member-cards.service';
import { BookingMember, MemberOnlyGuard, type BookingMemberView } from './member-only.guard';

function uuidParam(value: string, what: string): string {
  if (!UUID.test(value)) throw AppError.notFound(`${what} not found`);
  return value;
}

/** A member's saved card and the one-tap payment of an option (member session only). */
@ApiTags('members')
@Controller('members/me')
@UseGuards(MemberOnlyGuard)
@ApiErrors(401)
export class BookingsController {
  constructor(
    private readonly cards: MemberCardsService,
    private readonly bookings: BookingsService,
  ) {}

  @Get('cards')
  @ApiOperation({ summary: 'The member’s saved card (none or one), as brand and last four' })
  @ApiAnswer(dataOnly(t.array(MEMBER_CARD)))
  async listCards(@BookingMember() member: BookingMemberView) {
    return { data: await this.cards.list(member.id) };
  }

  @Post('cards')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Starts saving a card: a SetupIntent’s client secret for the card form',
    description: 'The card is recorded when the setup’s event arrives, or on POST cards/confirm, whichever is first.',
  })
  @ApiAnswer(dataOnly(CARD_SETUP))
  async startSetup(@BookingMember() member: BookingMemberView) {
    return { data: await this.cards.startSetup(member) };
  }

  @Post('cards/confirm')
  @HttpCode(200)
  @ApiOperation({ summary: 'The card form finished: the card is recorded now if the provider says it is saved' })
  @ApiAnswer(dataOnly(t.array(MEMBER_CARD)))
  @ApiErrors(400, 404, 409)
  async confirmSetup(@BookingMember() member: BookingMemberView, @Body() body: ConfirmCardSetupDto) {
    return { data: await this.cards.confirmSetup(member.id, body.setupIntentId) };
  }

  @Delete('cards/:id')
  @ApiOperation({ summary: 'Removes the saved card (it can no longer be charged)' })
  @ApiAnswer(dataOnly(t.array(MEMBER_CARD)))
  @ApiErrors(404)
  async removeCard(@BookingMember() member: BookingMemberView, @Param('id') id: string) {
    await this.cards.remove(member.id, uuidParam(id, 'Card'));
    return { data: await this.cards.list(member.id) };
  }

  @Post('requests/:id/options/:optionId/pay')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Accepts an option by paying for it: the saved card is charged (or the amount held) in one tap',
    description:
      'The amount is the option’s, on the server. succeeded/held/processing: the request is confirmed when the provider’s event arrives; requires_action: 3-D Secure with the client secret; requires_payment_method: the card form with the client secret. A second call, from any device, answers the same payment and charges nothing.',
  })
  @ApiAnswer(dataOnly(PAY_STATE))
  @ApiErrors(402, 404, 409)
  async pay(@BookingMember() member: BookingMemberView, @Param('id') id: string, @Param('optionId') optionId: string) {
    return { data: await this.bookings.pay(member, uuidParam(id, 'Request'), String(optionId).slice(0, 100)) };
  }

  @Get('bookings')
  @ApiOperation({ summary: 'The member’s booking payments, newest first (for the option cards’ state)' })
  @ApiAnswer(dataOnly(t.array(BOOKING_VIEW)))
  async listBookings(@BookingMember() member: BookingMemberView) {
    return { data: await this.bookings.listForMember(member.id) };
  }
}
