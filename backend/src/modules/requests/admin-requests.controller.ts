import { Body, Controller, Param, Patch } from '@nestjs/common';
import { AdminOnly } from '../admin/admin-only.decorator';
import { SetRequestStatusDto } from './dto/set-request-status.dto';
import { RequestsService, type UserRequestView } from './requests.service';

/** The concierge team's side of a request: marking it in progress, fulfilled or cancelled. */
@AdminOnly()
@Controller('admin/user-requests')
export class AdminRequestsController {
  constructor(private readonly requests: RequestsService) {}

  @Patch(':id')
  async setStatus(
    @Param('id') id: string,
    @Body() body: SetRequestStatusDto,
  ): Promise<{ success: true; data: UserRequestView }> {
    return { success: true, data: await this.requests.setStatus(id, body.status) };
  }
}
