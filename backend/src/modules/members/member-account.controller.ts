import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AppError } from '../../common/app-error';
import { ApiAnswer, ApiErrors, SUCCESS_ONLY, t } from '../../common/api-schema';
import { UUID } from '../../common/uuid';
import { RegisterPasskeyDto, RenamePasskeyDto } from './dto/member-input.dto';
import { MEMBER_DEVICE, MEMBER_SELF, PASSKEY, WEBAUTHN_OPTIONS } from './dto/member.schemas';
import { MemberPasskeysService } from './member-passkeys.service';
import { MemberSessionGuard, memberCookie, sessionOf, type MemberRequest } from './member-session.guard';
import { MemberSessionsService } from './member-sessions.service';
import { MembersAccountService } from './members-account.service';

function uuidParam(value: string, what: string): string {
  if (!UUID.test(value)) throw AppError.notFound(`${what} not found`);
  return value;
}

/** 'Your Account': the member, their passkeys and their signed-in devices. */
@ApiTags('members')
@Controller('members/me')
@UseGuards(MemberSessionGuard)
@ApiErrors(401)
export class MemberAccountController {
  constructor(
    private readonly account: MembersAccountService,
    private readonly passkeys: MemberPasskeysService,
    private readonly sessions: MemberSessionsService,
  ) {}

  @Get()
  @ApiOperation({ summary: 'The signed-in member (401 MEMBER_SIGNED_OUT without a session); renews the cookie' })
  @ApiAnswer(MEMBER_SELF)
  async me(@Req() request: MemberRequest, @Res({ passthrough: true }) response: Response) {
    this.sessions.renewCookie(response, memberCookie(request));
    return this.account.self(sessionOf(request).member.id);
  }

  @Post('passkeys/options')
  @HttpCode(200)
  @ApiOperation({ summary: 'Options to register a passkey for the signed-in member' })
  @ApiAnswer(WEBAUTHN_OPTIONS)
  @ApiErrors(503)
  passkeyOptions(@Req() request: MemberRequest) {
    return this.passkeys.registrationOptions(sessionOf(request));
  }

  @Post('passkeys')
  @ApiOperation({ summary: 'Registers a passkey from the browser’s answer to the options' })
  @ApiAnswer(PASSKEY, { status: 201, description: 'Created' })
  @ApiErrors(400, 409, 503)
  registerPasskey(@Req() request: MemberRequest, @Body() body: RegisterPasskeyDto) {
    return this.passkeys.register(sessionOf(request), body.response, body.name, request.headers['user-agent']);
  }

  @Patch('passkeys/:id')
  @ApiOperation({ summary: 'Renames one of the member’s passkeys' })
  @ApiAnswer(PASSKEY)
  @ApiErrors(400, 404)
  renamePasskey(@Req() request: MemberRequest, @Param('id') id: string, @Body() body: RenamePasskeyDto) {
    return this.passkeys.rename(sessionOf(request).member.id, uuidParam(id, 'Passkey'), body.name);
  }

  @Delete('passkeys/:id')
  @ApiOperation({ summary: 'Removes one of the member’s passkeys' })
  @ApiAnswer(SUCCESS_ONLY)
  @ApiErrors(404)
  async removePasskey(@Req() request: MemberRequest, @Param('id') id: string): Promise<{ success: true }> {
    await this.passkeys.remove(sessionOf(request).member.id, uuidParam(id, 'Passkey'));
    return { success: true };
  }

  @Get('sessions')
  @ApiOperation({ summary: 'The member’s signed-in devices, this one marked current' })
  @ApiAnswer(t.array(MEMBER_DEVICE))
  sessionsList(@Req() request: MemberRequest) {
    const view = sessionOf(request);
    return this.sessions.list(view.member.id, view.sessionId);
  }

  @Delete('sessions/:id')
  @ApiOperation({ summary: 'Signs one of the member’s devices out, at once' })
  @ApiAnswer(SUCCESS_ONLY)
  @ApiErrors(404)
  async endSession(@Req() request: MemberRequest, @Param('id') id: string): Promise<{ success: true }> {
    const ended = await this.sessions.endOne(sessionOf(request).member.id, uuidParam(id, 'Session'));
    if (!ended) throw AppError.notFound('Session not found');
    return { success: true };
  }

  @Post('sessions/sign-out-others')
  @HttpCode(200)
  @ApiOperation({ summary: 'Signs out every device of the member but this one, at once' })
  @ApiAnswer(SUCCESS_ONLY)
  async signOutOthers(@Req() request: MemberRequest): Promise<{ success: true }> {
    const view = sessionOf(request);
    await this.sessions.endOthers(view.member.id, view.sessionId);
    return { success: true };
  }
}
