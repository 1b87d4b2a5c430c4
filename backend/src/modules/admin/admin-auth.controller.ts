import { Controller, Get } from '@nestjs/common';
import { AdminOnly } from './admin-only.decorator';

@Controller('admin/auth')
@AdminOnly()
export class AdminAuthController {
  /** Any answer but 401 means the credentials are good. */
  @Get()
  check(): { success: true } {
    return { success: true };
  }
}
