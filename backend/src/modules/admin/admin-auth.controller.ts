import { Controller, Get } from '@nestjs/common';
import { StaffOnly } from './staff-only.decorator';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, SUCCESS_ONLY } from '../../common/api-schema';

@ApiTags('admin')
@Controller('admin/auth')
@StaffOnly()
export class AdminAuthController {
  /** Any answer but 401 means the credentials are good. */
  @Get()
  @ApiOperation({ summary: 'Checks the administrator’s credentials' })
  @ApiAnswer(SUCCESS_ONLY)
  check(): { success: true } {
    return { success: true };
  }
}
