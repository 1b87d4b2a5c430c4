import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { PublicWrite } from '../../common/public-write.decorator';
import { JoinWaitlistDto } from './dto/join-waitlist.dto';
import { WaitlistService } from './waitlist.service';

@Controller('waitlist')
export class WaitlistController {
  constructor(private readonly waitlist: WaitlistService) {}

  @Post()
  @HttpCode(200)
  @PublicWrite('waitlist')
  async join(@Body() body: JoinWaitlistDto): Promise<{ success: true }> {
    await this.waitlist.join(body);
    return { success: true };
  }
}
