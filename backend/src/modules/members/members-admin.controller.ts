import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AppError } from '../../common/app-error';
import { ApiAnswer, ApiErrors } from '../../common/api-schema';
import { UUID } from '../../common/uuid';
import { StaffOnly } from '../admin';
import { ListMembersQuery, UpdateMemberDto } from './dto/member-admin.dto';
import { MEMBER_PAGE, MEMBER_ROW, OFFER_OUTCOME } from './dto/member.schemas';
import { OfferMembershipDto } from './dto/offer-membership.dto';
import { MemberOffersService } from './member-offers.service';
import { MembersAdminService } from './members-admin.service';

function memberId(value: string): string {
  if (!UUID.test(value)) throw AppError.notFound('Member not found');
  return value;
}

/** The Members tab, and 'Offer Membership' from the Waitlist tab. */
@ApiTags('admin')
@Controller('admin/members')
export class MembersAdminController {
  constructor(
    private readonly offers: MemberOffersService,
    private readonly members: MembersAdminService,
  ) {}

  @Post('offers')
  @StaffOnly('members:offer')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Offers membership with a tier to the chosen waitlist rows, or every row matching the filter',
    description: 'One offer per email: an address that is a member already, or has an offer, is skipped and reported.',
  })
  @ApiAnswer(OFFER_OUTCOME)
  @ApiErrors(400)
  async offer(@Body() body: OfferMembershipDto) {
    const chosen = body.entryIds && body.entryIds.length > 0;
    if (!chosen && body.allMatching !== true) {
      throw AppError.badRequest(
        'Choose the waitlist entries to offer membership to, or every entry matching the filter',
      );
    }
    return this.offers.offer({
      tier: body.tier,
      filter: {
        ids: chosen ? body.entryIds : undefined,
        q: body.q,
        source: body.source,
        utmCampaign: body.utmCampaign,
        signedUpFrom: body.signedUpFrom,
        signedUpTo: body.signedUpTo,
        confirmed: body.confirmed,
        nominatedBy: body.nominatedBy,
      },
    });
  }

  @Get()
  @StaffOnly('members:read')
  @ApiOperation({ summary: 'A page of members, searched (name, email, phone) and filtered by status and tier' })
  @ApiAnswer(MEMBER_PAGE)
  @ApiErrors(400)
  list(@Query() query: ListMembersQuery) {
    return this.members.list(query);
  }

  @Post(':id/offer/resend')
  @StaffOnly('members:offer')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sends an offered member a new set-up link; the links sent before stop working' })
  @ApiAnswer(MEMBER_ROW)
  @ApiErrors(404, 409)
  async resend(@Param('id') id: string) {
    await this.offers.resend(memberId(id));
    return this.members.row(id);
  }

  @Post(':id/offer/revoke')
  @StaffOnly('members:offer')
  @HttpCode(200)
  @ApiOperation({ summary: 'Withdraws the member’s pending set-up link' })
  @ApiAnswer(MEMBER_ROW)
  @ApiErrors(404)
  async revoke(@Param('id') id: string) {
    await this.offers.revoke(memberId(id));
    return this.members.row(id);
  }

  @Patch(':id')
  @StaffOnly('members:offer')
  @ApiOperation({
    summary: 'Changes a member’s tier, or suspends them (every session ends at once) or lifts the suspension',
  })
  @ApiAnswer(MEMBER_ROW)
  @ApiErrors(400, 404, 409)
  update(@Param('id') id: string, @Body() body: UpdateMemberDto) {
    return this.members.update(memberId(id), body);
  }
}
