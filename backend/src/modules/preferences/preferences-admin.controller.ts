import { Body, Controller, Get, Param, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AppError } from '../../common/app-error';
import { ApiAnswer, ApiErrors, dataOnly } from '../../common/api-schema';
import { UUID } from '../../common/uuid';
import { type AdminRequest, StaffOnly } from '../admin';
import { AddPreferenceDto, StaffNoteDto } from './dto/preference.dto';
import { MEMBER_PROFILE, PREFERENCE, STAFF_NOTE } from './dto/preferences.schemas';
import { PreferencesService } from './preferences.service';

function memberId(value: string): string {
  if (!UUID.test(value)) throw AppError.notFound('Member not found');
  return value;
}

/** The staff's side of a member's profile, beside each of the member's requests in the desk. */
@StaffOnly('requests')
@ApiTags('admin')
@Controller('admin/members/:memberId')
export class PreferencesAdminController {
  constructor(private readonly preferences: PreferencesService) {}

  @Get('profile')
  @ApiOperation({ summary: 'What the club remembers about a member, and the staff’s own notes about them' })
  @ApiAnswer(dataOnly(MEMBER_PROFILE))
  @ApiErrors(404)
  async profile(@Param('memberId') id: string) {
    return { data: await this.preferences.staffProfile(memberId(id)) };
  }

  @Post('preferences')
  @ApiOperation({ summary: 'Adds to the member’s profile, signed with the staff person’s display name' })
  @ApiAnswer(dataOnly(PREFERENCE), { status: 201, description: 'Created' })
  @ApiErrors(400, 404, 409)
  async addPreference(@Param('memberId') id: string, @Body() body: AddPreferenceDto, @Req() request: AdminRequest) {
    return {
      data: await this.preferences.addByStaff(memberId(id), body.kind, body.value, request.admin!.displayName),
    };
  }

  @Post('notes')
  @ApiOperation({ summary: 'A staff-only note about the member: never shown to the member or the model' })
  @ApiAnswer(dataOnly(STAFF_NOTE), { status: 201, description: 'Created' })
  @ApiErrors(400, 404)
  async addNote(@Param('memberId') id: string, @Body() body: StaffNoteDto, @Req() request: AdminRequest) {
    return { data: await this.preferences.addNote(memberId(id), body.text, request.admin!.displayName) };
  }
}
