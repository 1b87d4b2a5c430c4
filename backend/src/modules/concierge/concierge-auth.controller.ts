import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AppError } from '../../common/app-error';
import { clientIp } from '../../common/client-ip';
import { RateLimitService, type RateLimitRule } from '../../common/rate-limit.service';
import { CONCIERGE_COOKIE, ConciergeSessionService } from './concierge-session.service';
import { ConciergeAuthDto } from './dto/concierge-auth.dto';

const FAILURES: RateLimitRule = {
  name: 'concierge-auth',
  limit: 5,
  windowSeconds: 15 * 60,
  message: 'Too many failed attempts. Please wait 15 minutes and try again.',
};

@Controller('concierge')
export class ConciergeAuthController {
  constructor(
    private readonly sessions: ConciergeSessionService,
    private readonly limits: RateLimitService,
  ) {}

  @Post('auth')
  @HttpCode(200)
  async authenticate(
    @Body() body: ConciergeAuthDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<{ success: true; data: { authenticated: true; expiresAt: string } }> {
    if (!this.sessions.configured) {
      throw AppError.unavailable('The concierge area is closed: no concierge password is configured on the server.');
    }
    const address = clientIp(request);
    await this.limits.assertNotBlocked(FAILURES, address);
    if (!this.sessions.passwordMatches(body.password)) {
      await this.limits.record(FAILURES, address);
      throw AppError.unauthorized('Invalid password. Please try again.');
    }
    await this.limits.reset(FAILURES, address);
    const session = this.sessions.issue();
    response.cookie(CONCIERGE_COOKIE, session.value, this.sessions.cookieOptions(session.expiresAt));
    return { success: true, data: { authenticated: true, expiresAt: session.expiresAt.toISOString() } };
  }

  @Get('session')
  session(@Req() request: Request): { success: true; data: { authenticated: boolean } } {
    const cookies = (request.cookies ?? {}) as Record<string, unknown>;
    return { success: true, data: { authenticated: this.sessions.verify(cookies[CONCIERGE_COOKIE]) } };
  }

  @Post('logout')
  @HttpCode(200)
  logout(@Res({ passthrough: true }) response: Response): { success: true } {
    response.clearCookie(CONCIERGE_COOKIE, this.sessions.cookieOptions());
    return { success: true };
  }
}
