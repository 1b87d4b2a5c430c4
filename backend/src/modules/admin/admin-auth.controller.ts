import { Controller, Get, Req } from '@nestjs/common';
import { StaffOnly } from './staff-only.decorator';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, SUCCESS_ONLY } from '../../common/api-schema';
import { clientIp } from '../../common/client-ip';
import { AuditService } from '../audit';
import type { AdminRequest } from './staff.guard';

@ApiTags('admin')
@Controller('admin/auth')
@StaffOnly()
export class AdminAuthController {
  constructor(private readonly audit: AuditService) {}

  /**
   * Any answer but 401 means the credentials are good. The dashboard's sign-in form calls it, so
   * it is where a sign-in is written to the audit log (HTTP Basic checks every other call too).
   */
  @Get()
  @ApiOperation({ summary: 'Checks the staff account’s credentials (the sign-in)' })
  @ApiAnswer(SUCCESS_ONLY)
  async check(@Req() request: AdminRequest): Promise<{ success: true }> {
    const admin = request.admin!;
    await this.audit.recordAs(admin, clientIp(request), {
      action: 'staff.sign-in',
      target: { type: 'staff', id: admin.id },
    });
    return { success: true };
  }
}
