import { Body, Controller, Get, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AppError } from '../../common/app-error';
import { clientIp } from '../../common/client-ip';
import { RateLimitService, type RateLimitRule } from '../../common/rate-limit.service';
import { CONCIERGE_COOKIE, ConciergeSessionService } from './concierge-session.service';
import { ConciergeAuthDto } from './dto/concierge-auth.dto';
import { OpenForWritesGuard } from './open-for-writes.guard';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, ApiErrors, SUCCESS_ONLY, successData, t } from '../../common/api-schema';

const ATTEMPTS: RateLimitRule = {
  name: 'concierge-auth',
  limit: 5,
  windowSeconds: 15 * 60,
  message: 'Too many failed attempts. Please wait 15 minutes and try again.',
};

function sessionCookie(request: Request): unknown {
  return ((request.cookies ?? {}) as Record<string, unknown>)[CONCIERGE_COOKIE];
}

@ApiTags('concierge')
@Controller('concierge')
export class ConciergeAuthController {
  constructor(
    private readonly sessions: ConciergeSessionService,
    private readonly limits: RateLimitService,
  ) {}

  /**
   * Every attempt is counted before the password is compared, in one atomic step, so guesses sent
   * in parallel cannot slip past the limit; a right password clears the count.
   */
  @Post('auth')
  @ApiOperation({ summary: 'Opens a concierge session: sets the session cookie on the right password' })
  @ApiAnswer(successData(t.object({ authenticated: t.literal(true), expiresAt: t.dateTime() })))
  @ApiErrors(401, 429, 503)
  @HttpCode(200)
  @UseGuards(OpenForWritesGuard)
  async authenticate(
    @Body() body: ConciergeAuthDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<{ success: true; data: { authenticated: true; expiresAt: string } }> {
    if (!this.sessions.configured) {
      throw AppError.unavailable('The concierge area is closed: no concierge password is configured on the server.');
    }
    const address = clientIp(request);
    await this.limits.consume(ATTEMPTS, address);
    if (!this.sessions.passwordMatches(body.password)) {
      throw AppError.unauthorized('Invalid password. Please try again.');
    }
    await this.limits.reset(ATTEMPTS, address);
    const session = this.sessions.issue();
    response.cookie(CONCIERGE_COOKIE, session.value, this.sessions.cookieOptions(session.expiresAt));
    return { success: true, data: { authenticated: true, expiresAt: session.expiresAt.toISOString() } };
  }

  @Get('session')
  @ApiOperation({ summary: 'Whether the session cookie opens the concierge' })
  @ApiAnswer(successData(t.object({ authenticated: t.boolean() })))
  async session(@Req() request: Request): Promise<{ success: true; data: { authenticated: boolean } }> {
    return { success: true, data: { authenticated: await this.sessions.verify(sessionCookie(request)) } };
  }

  /** Ends the session on the server too, so a copy of the cookie no longer opens the concierge. */
  @Post('logout')
  @ApiOperation({ summary: 'Ends the concierge session, on the server too' })
  @ApiAnswer(SUCCESS_ONLY)
  @HttpCode(200)
  async logout(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<{ success: true }> {
    await this.sessions.revoke(sessionCookie(request));
    response.clearCookie(CONCIERGE_COOKIE, this.sessions.cookieOptions());
    return { success: true };
  }
}
