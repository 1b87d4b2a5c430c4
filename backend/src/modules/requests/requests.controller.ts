import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { PublicWrite } from '../../common/public-write.decorator';
import { ListUserRequestsDto } from './dto/list-user-requests.dto';
import { RequestsService, type UserRequestView } from './requests.service';

/** The widget's view of what the concierge understood (spec, section 7). */
@Controller('user-requests')
export class RequestsController {
  constructor(private readonly requests: RequestsService) {}

  @Get()
  async list(@Query() query: ListUserRequestsDto): Promise<{ success: true; data: UserRequestView[] }> {
    return { success: true, data: await this.requests.listForSession(query.sessionId) };
  }

  @Get(':id')
  async get(@Param('id') id: string): Promise<{ success: true; data: { request: UserRequestView } }> {
    return { success: true, data: { request: await this.requests.get(id) } };
  }

  @Post(':id/next-step')
  @HttpCode(200)
  @PublicWrite('chat', { perMinute: 30 })
  async nextStep(@Param('id') id: string): Promise<{ success: true; data: { content: string } }> {
    return { success: true, data: { content: await this.requests.nextStep(id) } };
  }
}
