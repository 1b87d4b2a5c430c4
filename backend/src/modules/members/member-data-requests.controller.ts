import { Body, Controller, Get, Post, Req, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, ApiErrors, successData, t } from '../../common/api-schema';
import { AppError } from '../../common/app-error';
import {
  DATA_REQUEST,
  DataRequestsService,
  ERASE_CONFIRMATION,
  MemberDataRequestDto,
  type DataRequestView,
} from '../data-requests';
import { MemberSessionGuard, sessionOf, type MemberRequest } from './member-session.guard';

/** "Your data" in the member's account: a copy of everything held, or the account's erasure. */
@ApiTags('members')
@Controller('members/me/data-requests')
@UseGuards(MemberSessionGuard)
@ApiErrors(401)
export class MemberDataRequestsController {
  constructor(private readonly requests: DataRequestsService) {}

  @Get()
  @ApiOperation({ summary: 'The member’s requests for their data or its erasure, newest first' })
  @ApiAnswer(successData(t.array(DATA_REQUEST)))
  async list(@Req() request: MemberRequest): Promise<{ success: true; data: DataRequestView[] }> {
    return { success: true, data: await this.requests.forMember(sessionOf(request).member) };
  }

  @Post()
  @ApiOperation({
    summary: 'Asks for a copy of the member’s data (emailed within minutes) or the account’s erasure',
    description: `An erasure needs confirmation: "${ERASE_CONFIRMATION}" (typed by the member); the club carries it out within 30 days.`,
  })
  @ApiAnswer(successData(DATA_REQUEST), { status: 201, description: 'Created' })
  @ApiErrors(400)
  async create(
    @Req() request: MemberRequest,
    @Body() body: MemberDataRequestDto,
  ): Promise<{ success: true; data: DataRequestView }> {
    if (body.kind === 'erasure' && body.confirmation?.toUpperCase() !== ERASE_CONFIRMATION) {
      throw AppError.badRequest(
        `Please type ${ERASE_CONFIRMATION} to confirm`,
        { confirmation: `Please type ${ERASE_CONFIRMATION} to confirm` },
        'ERASE_NOT_CONFIRMED',
      );
    }
    return { success: true, data: await this.requests.requestByMember(sessionOf(request).member, body.kind) };
  }
}
