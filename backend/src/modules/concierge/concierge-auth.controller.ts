import { Body, Controller, Get, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AppError } from '../../common/app-error';
import { clientIp } from '../../common/client-ip';
import { RateLimitService, type RateLimitRule } from '../../common/rate-limit.service';
import { MEMBER_COOKIE, MEMBER_TIERS, MemberSessionsService, type MemberTier } from '../members';
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

function cookies(request: Request): Record<string, unknown> {
  return (request.cookies ?? {}) as Record<string, unknown>;
}

function sessionCookie(request: Request): unknown {
  return cookies(request)[CONCIERGE_COOKIE];
}

@ApiTags('concierge')
@Controller('concierge')
export class ConciergeAuthController {
  constructor(
    private readonly sessions: ConciergeSessionService,
    private readonly limits: RateLimitService,
    private readonly memberSessions: MemberSessionsService,
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

  /**
   * Whether the cookies open the concierge. `member` is there only when a member is signed in (a
   * house-password session's answer is exactly as before: `{ authenticated }`).
   */
  @Get('session')
  @ApiOperation({
    summary: 'Whether the cookies open the concierge, and which member when a member is signed in',
    description:
      'A member session (`mf_member`) is checked first, then the house-password session. `member` is present only for a member.',
  })
  @ApiAnswer(
    successData(
      t.object(
        {
          authenticated: t.boolean(),
          member: {
            ...t.object({ name: t.string(), tier: t.oneOf(MEMBER_TIERS) }),
            description: 'The signed-in member (absent: a house-password session, or none).',
          },
        },
        ['member'],
      ),
    ),
  )
  async session(
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<{ success: true; data: { authenticated: boolean; member?: { name: string; tier: MemberTier } } }> {
    const owner = await this.sessions.owner(cookies(request));
    if (!owner?.member) return { success: true, data: { authenticated: owner !== null } };
    // The concierge asks this as it opens: a member's cookie lasts as long as the session it names.
    this.memberSessions.renewCookie(response, cookies(request)[MEMBER_COOKIE]);
    const { name, tier } = owner.member;
    return { success: true, data: { authenticated: true, member: { name, tier } } };
  }

  /**
   * Ends the session on the server too, so a copy of the cookie no longer opens the concierge: the
   * house-password session, and a member's session on this device (the member's other devices
   * stay signed in).
   */
  @Post('logout')
  @ApiOperation({ summary: 'Ends the concierge session (and a member’s session on this device), on the server too' })
  @ApiAnswer(SUCCESS_ONLY)
  @HttpCode(200)
  async logout(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<{ success: true }> {
    await this.sessions.revoke(sessionCookie(request));
    await this.sessions.endMember(cookies(request)[MEMBER_COOKIE]);
    response.clearCookie(CONCIERGE_COOKIE, this.sessions.cookieOptions());
    if (cookies(request)[MEMBER_COOKIE] !== undefined)
      response.clearCookie(MEMBER_COOKIE, this.sessions.cookieOptions());
    return { success: true };
  }
}
