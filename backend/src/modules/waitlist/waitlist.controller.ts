import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { PublicWrite } from '../../common/public-write.decorator';
import { JoinWaitlistPipe, type JoinWaitlistInput } from './dto/join-waitlist.input';
import { WaitlistService } from './waitlist.service';

@Controller('waitlist')
export class WaitlistController {
  constructor(private readonly waitlist: WaitlistService) {}

  @Post()
  @HttpCode(200)
  @PublicWrite('waitlist')
  async join(@Body(JoinWaitlistPipe) body: JoinWaitlistInput): Promise<{ success: true }> {
    await this.waitlist.join(body);
    return { success: true };
  }
}
