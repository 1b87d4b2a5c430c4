import { applyDecorators, UseGuards } from '@nestjs/common';
import { AdminGuard } from './admin.guard';

/**
 * Requires administrator credentials (HTTP Basic) on a controller or a handler. Put it on every
 * `@Controller('admin/...')` class; test/admin-auth.spec.ts checks every /api/admin route.
 */
export function AdminOnly() {
  return applyDecorators(UseGuards(AdminGuard));
}
