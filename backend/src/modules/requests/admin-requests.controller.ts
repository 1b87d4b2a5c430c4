import { Body, Controller, Param, Patch } from '@nestjs/common';
import { AdminOnly } from '../admin/admin-only.decorator';
import { SetRequestStatusDto } from './dto/set-request-status.dto';
import { RequestsService, type UserRequestView } from './requests.service';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, ApiErrors, successData } from '../../common/api-schema';
import { USER_REQUEST } from './dto/request.schemas';

/** The concierge team's side of a request: marking it in progress, fulfilled or cancelled. */
@AdminOnly()
@ApiTags('admin')
@Controller('admin/user-requests')
export class AdminRequestsController {
  constructor(private readonly requests: RequestsService) {}

  @Patch(':id')
  @ApiOperation({ summary: 'Marks a request in progress, fulfilled or cancelled' })
  @ApiAnswer(successData(USER_REQUEST))
  @ApiErrors(404, 409)
  async setStatus(
    @Param('id') id: string,
    @Body() body: SetRequestStatusDto,
  ): Promise<{ success: true; data: UserRequestView }> {
    return { success: true, data: await this.requests.setStatus(id, body.status) };
  }
}
