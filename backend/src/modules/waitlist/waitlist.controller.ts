import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { clientIp } from '../../common/client-ip';
import { PublicWrite } from '../../common/public-write.decorator';
import { JoinWaitlistPipe, type JoinWaitlistInput } from './dto/join-waitlist.input';
import { WaitlistService } from './waitlist.service';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, ApiErrors, SUCCESS_ONLY, successData, t } from '../../common/api-schema';
import { JOIN_WAITLIST_BODY } from './dto/join-waitlist.schema';
import { CONFIRM_WAITLIST_BODY, ConfirmWaitlistPipe, type ConfirmWaitlistInput } from './dto/confirm-waitlist.input';

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
  async join(@Body(JoinWaitlistPipe) body: JoinWaitlistInput, @Req() request: Request): Promise<{ success: true }> {
    await this.waitlist.join(body, clientIp(request));
    return { success: true };
  }

  /**
   * Confirms a sign-up (double opt-in). The email's link opens a page (a GET that changes
   * nothing, so mail scanners that follow links confirm nothing); its button posts here.
   */
  @Post('confirm')
  @ApiOperation({ summary: 'Confirms a sign-up with the token of its email’s link (idempotent)' })
  @ApiBody({ schema: CONFIRM_WAITLIST_BODY })
  @ApiAnswer(
    successData(
      t.object({
        newlyConfirmed: { ...t.boolean(), description: 'False when it had been confirmed before' },
      }),
    ),
  )
  @ApiErrors(400, 404)
  @HttpCode(200)
  @PublicWrite('waitlist-confirm')
  async confirm(
    @Body(ConfirmWaitlistPipe) body: ConfirmWaitlistInput,
  ): Promise<{ success: true; data: { newlyConfirmed: boolean } }> {
    return { success: true, data: await this.waitlist.confirm(body.token) };
  }
}
