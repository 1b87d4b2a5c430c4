import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { PublicWrite } from '../../common/public-write.decorator';
import { JoinWaitlistPipe, type JoinWaitlistInput } from './dto/join-waitlist.input';
import { WaitlistService } from './waitlist.service';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, SUCCESS_ONLY } from '../../common/api-schema';
import { JOIN_WAITLIST_BODY } from './dto/join-waitlist.schema';

@ApiTags('waitlist')
@Controller('waitlist')
export class WaitlistController {
  constructor(private readonly waitlist: WaitlistService) {}

  @Post()
  @ApiOperation({ summary: 'Joins the waitlist (spec, section 7)' })
  @ApiBody({ schema: JOIN_WAITLIST_BODY })
  @ApiAnswer(SUCCESS_ONLY)
  @HttpCode(200)
  @PublicWrite('waitlist')
  async join(@Body(JoinWaitlistPipe) body: JoinWaitlistInput): Promise<{ success: true }> {
    await this.waitlist.join(body);
    return { success: true };
  }
}
