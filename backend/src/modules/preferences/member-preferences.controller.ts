import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Req, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AppError } from '../../common/app-error';
import { ApiAnswer, ApiErrors, dataOnly, SUCCESS_ONLY } from '../../common/api-schema';
import { UUID } from '../../common/uuid';
import { memberIdOf, MembersOnly, type MemberRequest } from '../members';
import { AddPreferenceDto, MemoryPausedDto, PreferenceValueDto } from './dto/preference.dto';
import { MEMBER_MEMORY, PREFERENCE } from './dto/preferences.schemas';
import { PreferencesService } from './preferences.service';

const NOT_HELD = 'We hold nothing of that kind for you';

function entryId(value: string): string {
  if (!UUID.test(value)) throw AppError.notFound(NOT_HELD);
  return value;
}

/** 'What we remember' in the member's account: every entry, in the member's hands. */
@ApiTags('members')
@Controller('members/me/preferences')
@UseGuards(MembersOnly('What we remember is kept for members: please sign in with your membership.'))
@ApiErrors(401, 403)
export class MemberPreferencesController {
  constructor(private readonly preferences: PreferencesService) {}

  @Get()
  @ApiOperation({
    summary: 'What the club remembers about the signed-in member, and whether remembering is paused',
    description: 'A house-password session gets 403 MEMBERS_ONLY.',
  })
  @ApiAnswer(dataOnly(MEMBER_MEMORY))
  async list(@Req() request: MemberRequest) {
    return { data: await this.preferences.forMember(memberIdOf(request)) };
  }

  @Post()
  @ApiOperation({ summary: 'The member adds something to remember (the same words of the same kind are kept once)' })
  @ApiAnswer(dataOnly(PREFERENCE), { status: 201, description: 'Created' })
  @ApiErrors(400, 409)
  async add(@Req() request: MemberRequest, @Body() body: AddPreferenceDto) {
    const view = await this.preferences.remember(memberIdOf(request), {
      kind: body.kind,
      value: body.value,
      source: 'member',
    });
    return { data: view! };
  }

  @Put('paused')
  @ApiOperation({ summary: 'Pauses remembering (nothing new is kept from the chat) or resumes it' })
  @ApiAnswer(dataOnly(MEMBER_MEMORY))
  @ApiErrors(400)
  async pause(@Req() request: MemberRequest, @Body() body: MemoryPausedDto) {
    const memberId = memberIdOf(request);
    await this.preferences.setPaused(memberId, body.paused);
    return { data: await this.preferences.forMember(memberId) };
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Changes the words of one entry' })
  @ApiAnswer(dataOnly(PREFERENCE))
  @ApiErrors(400, 404)
  async update(@Req() request: MemberRequest, @Param('id') id: string, @Body() body: PreferenceValueDto) {
    return { data: await this.preferences.update(memberIdOf(request), entryId(id), body.value) };
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Forgets one entry (also the Undo of “Remembered” in the chat)' })
  @ApiAnswer(SUCCESS_ONLY)
  @ApiErrors(404)
  async forget(@Req() request: MemberRequest, @Param('id') id: string): Promise<{ success: true }> {
    const forgotten = await this.preferences.forget(memberIdOf(request), entryId(id));
    if (!forgotten) throw AppError.notFound(NOT_HELD);
    return { success: true };
  }

  @Delete()
  @HttpCode(200)
  @ApiOperation({ summary: 'Forget Everything: every entry the club remembers about the member' })
  @ApiAnswer(SUCCESS_ONLY)
  async forgetAll(@Req() request: MemberRequest): Promise<{ success: true }> {
    await this.preferences.forgetAll(memberIdOf(request));
    return { success: true };
  }
}
