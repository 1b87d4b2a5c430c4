import { Body, Controller, Get, HttpCode, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ApiAnswer, ApiErrors, SUCCESS_ONLY, t } from '../../common/api-schema';
import { clientIp } from '../../common/client-ip';
import { PasskeySignInDto, SignInCodeDto, SignInEmailDto } from './dto/member-input.dto';
import { SIGNED_IN, WEBAUTHN_OPTIONS } from './dto/member.schemas';
import { CHALLENGE_SECONDS, MemberPasskeysService } from './member-passkeys.service';
import { memberCookie } from './member-session.guard';
import { MEMBER_COOKIE, MemberSessionsService } from './member-sessions.service';
import type { SignedIn } from './member-sign-in.service';
import { MemberSignInService } from './member-sign-in.service';
import { MembersAccountService } from './members-account.service';
import { MembersOpenForWritesGuard } from './open-for-writes.guard';

/** Holds a passkey sign-in's challenge id between its two calls. */
export const CHALLENGE_COOKIE = 'mf_member_challenge';
const CHALLENGE_PATH = '/api/members/sign-in/passkey';

/** Members signing in (passkey, email link or code) and out. */
@ApiTags('members')
@Controller('members')
export class MemberSignInController {
  constructor(
    private readonly signIn: MemberSignInService,
    private readonly passkeys: MemberPasskeysService,
    private readonly sessions: MemberSessionsService,
    private readonly account: MembersAccountService,
  ) {}

  private async open(response: Response, signedIn: SignedIn) {
    response.cookie(MEMBER_COOKIE, signedIn.session.token, this.sessions.cookieOptions(signedIn.session.expiresAt));
    return { member: await this.account.self(signedIn.memberId) };
  }

  @Get('passkeys/available')
  @ApiOperation({ summary: 'Whether passkeys can be used on this site (false without a domain name)' })
  @ApiAnswer(t.object({ available: t.boolean() }))
  available() {
    return { available: this.passkeys.available };
  }

  @Post('sign-in/passkey/options')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Options to sign in with a passkey; the challenge stays on the server, named by a short-lived cookie',
  })
  @ApiAnswer(WEBAUTHN_OPTIONS)
  @ApiErrors(503)
  async passkeyOptions(@Res({ passthrough: true }) response: Response) {
    const { challengeId, options } = await this.passkeys.authenticationOptions();
    response.cookie(CHALLENGE_COOKIE, challengeId, {
      ...this.sessions.cookieOptions(),
      path: CHALLENGE_PATH,
      maxAge: CHALLENGE_SECONDS * 1000,
    });
    return options;
  }

  @Post('sign-in/passkey')
  @UseGuards(MembersOpenForWritesGuard)
  @HttpCode(200)
  @ApiOperation({ summary: 'Signs in with a passkey: verifies its answer and sets the member’s session cookie' })
  @ApiAnswer(SIGNED_IN)
  @ApiErrors(400, 429, 503)
  async passkey(
    @Body() body: PasskeySignInDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    await this.signIn.countAttempt(clientIp(request));
    const challenge = ((request.cookies ?? {}) as Record<string, unknown>)[CHALLENGE_COOKIE];
    response.clearCookie(CHALLENGE_COOKIE, { ...this.sessions.cookieOptions(), path: CHALLENGE_PATH });
    return this.open(
      response,
      await this.passkeys.authenticate(challenge, body.response, request.headers['user-agent']),
    );
  }

  @Post('sign-in/email')
  @UseGuards(MembersOpenForWritesGuard)
  @HttpCode(202)
  @ApiOperation({
    summary: 'Sends a sign-in email (a link and a 6-digit code, 15 minutes, once) when the address is a member’s',
    description: 'The answer is the same for every address: it never says whether an address belongs to a member.',
  })
  @ApiAnswer(t.object({ sent: t.literal(true) }), { status: 202, description: 'Accepted' })
  @ApiErrors(400, 429, 503)
  async email(@Body() body: SignInEmailDto, @Req() request: Request): Promise<{ sent: true }> {
    await this.signIn.requestEmail(body.email, clientIp(request));
    return { sent: true };
  }

  @Get('sign-in/link/:token')
  @ApiOperation({ summary: 'The address a sign-in link is for; never consumes the link' })
  @ApiAnswer(t.object({ email: t.string() }))
  @ApiErrors(404, 410)
  inspectLink(@Param('token') token: string) {
    return this.signIn.inspectLink(token);
  }

  @Post('sign-in/link/:token')
  @UseGuards(MembersOpenForWritesGuard)
  @HttpCode(200)
  @ApiOperation({ summary: 'Signs in with a sign-in link: consumes it and sets the member’s session cookie' })
  @ApiAnswer(SIGNED_IN)
  @ApiErrors(404, 410, 429, 503)
  async link(@Param('token') token: string, @Req() request: Request, @Res({ passthrough: true }) response: Response) {
    return this.open(
      response,
      await this.signIn.signInWithLink(token, request.headers['user-agent'], clientIp(request)),
    );
  }

  @Post('sign-in/code')
  @UseGuards(MembersOpenForWritesGuard)
  @HttpCode(200)
  @ApiOperation({
    summary: 'Signs in with the 6-digit code of a sign-in email; five wrong codes end the email',
  })
  @ApiAnswer(SIGNED_IN)
  @ApiErrors(400, 429, 503)
  async code(@Body() body: SignInCodeDto, @Req() request: Request, @Res({ passthrough: true }) response: Response) {
    return this.open(
      response,
      await this.signIn.signInWithCode(body.email, body.code, request.headers['user-agent'], clientIp(request)),
    );
  }

  @Post('sign-out')
  @HttpCode(200)
  @ApiOperation({ summary: 'Ends the member’s session on this device' })
  @ApiAnswer(SUCCESS_ONLY)
  async signOut(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<{ success: true }> {
    await this.sessions.end(memberCookie(request));
    response.clearCookie(MEMBER_COOKIE, this.sessions.cookieOptions());
    return { success: true };
  }
}
