import { CanActivate, Inject, Injectable } from '@nestjs/common';
import { AppError } from '../../common/app-error';
import { MAINTENANCE_SWITCH, type MaintenanceSwitch } from '../../common/maintenance-switch';

/**
 * Refuses a member's sign-in or acceptance with 503 while maintenance mode is on, as the house
 * password's sign-in is; reading a link or one's account stays open.
 */
@Injectable()
export class MembersOpenForWritesGuard implements CanActivate {
  constructor(@Inject(MAINTENANCE_SWITCH) private readonly maintenance: MaintenanceSwitch) {}

  async canActivate(): Promise<boolean> {
    if (await this.maintenance.isEnabled()) {
      throw AppError.unavailable('We are performing scheduled maintenance. Please try again shortly.', 'MAINTENANCE');
    }
    return true;
  }
}
