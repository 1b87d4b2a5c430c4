import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AppError } from '../../common/app-error';
import { ApiAnswer, ApiErrors, dataOnly } from '../../common/api-schema';
import { UUID } from '../../common/uuid';
import { StaffOnly } from '../admin';
import { STAFF_NOMINATIONS } from './dto/nominations.schemas';
import { NominationsService } from './nominations.service';

/**
 * A member's nominations in the Members tab: credited and suspect apart, with the reasons. The
 * nominees are waitlist entries, so the waitlist's right is needed (a concierge reads members only).
 */
@StaffOnly('waitlist')
@ApiTags('admin')
@Controller('admin/members/:memberId/nominations')
export class NominationsAdminController {
  constructor(private readonly nominations: NominationsService) {}

  @Get()
  @ApiOperation({ summary: 'The sign-ups a member nominated: credited and suspect (never credited) apart' })
  @ApiAnswer(dataOnly(STAFF_NOMINATIONS))
  @ApiErrors(404)
  async list(@Param('memberId') memberId: string) {
    if (!UUID.test(memberId)) throw AppError.notFound('Member not found');
    return { data: await this.nominations.forStaff(memberId) };
  }
}
