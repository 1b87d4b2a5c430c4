import { Body, Controller, Get, HttpCode, Param, Patch, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, ApiErrors, dataOnly, SUCCESS_ONLY, t } from '../../common/api-schema';
import { CreateStaffDto, StaffPasswordDto, UpdateStaffDto } from './dto/staff.dto';
import { STAFF_ACCOUNT, STAFF_SELF } from './dto/staff.schemas';
import { StaffAccountsService } from './staff-accounts.service';
import { StaffOnly } from './staff-only.decorator';
import type { AdminRequest } from './staff.guard';
import { RIGHTS_BY_ROLE } from './staff-roles';

/** Who is signed in (any staff account), and the owners' Staff tab. */
@ApiTags('admin')
@Controller('admin')
export class StaffController {
  constructor(private readonly staff: StaffAccountsService) {}

  @Get('me')
  @StaffOnly()
  @ApiOperation({ summary: 'The signed-in staff account, its role and the rights the role gives' })
  @ApiAnswer(STAFF_SELF)
  me(@Req() request: AdminRequest) {
    const admin = request.admin!;
    return {
      id: admin.id,
      username: admin.username,
      displayName: admin.displayName,
      role: admin.role,
      rights: [...RIGHTS_BY_ROLE[admin.role]],
      doorEventIds: admin.role === 'door' ? admin.doorEventIds : [],
    };
  }

  @Get('staff')
  @StaffOnly('staff')
  @ApiOperation({ summary: 'Every staff account' })
  @ApiAnswer(t.object({ data: t.array(STAFF_ACCOUNT) }))
  async list() {
    return { data: await this.staff.list() };
  }

  @Post('staff')
  @StaffOnly('staff')
  @ApiOperation({ summary: 'Creates a staff account with a role and a first password' })
  @ApiAnswer(dataOnly(STAFF_ACCOUNT), { status: 201, description: 'Created' })
  @ApiErrors(400, 409)
  async create(@Body() body: CreateStaffDto) {
    return { data: await this.staff.create(body) };
  }

  @Patch('staff/:id')
  @StaffOnly('staff')
  @ApiOperation({
    summary: 'Changes a staff account’s name, role, status or door events',
    description: 'Refused with 409 LAST_OWNER when it would leave no active owner.',
  })
  @ApiAnswer(dataOnly(STAFF_ACCOUNT))
  @ApiErrors(400, 404, 409)
  async update(@Param('id') id: string, @Body() body: UpdateStaffDto) {
    return { data: await this.staff.update(id, body) };
  }

  @Post('staff/:id/password')
  @StaffOnly('staff')
  @ApiOperation({ summary: 'Sets a new password for a staff account; the old one stops working at once' })
  @ApiAnswer(SUCCESS_ONLY)
  @ApiErrors(400, 404)
  @HttpCode(200)
  async resetPassword(@Param('id') id: string, @Body() body: StaffPasswordDto) {
    await this.staff.resetPassword(id, body.password);
    return { success: true as const };
  }
}
