import { CanActivate, Injectable } from '@nestjs/common';
import { AppError } from '../../common/app-error';
import { MaintenanceService } from '../maintenance';

/**
 * Refuses a members' write (sign-in, streamed replies, titles) with 503 while maintenance mode is
 * on, as PublicWrite does for anonymous writes, but without its per-minute limit: members are
 * already signed in, and a reply stream must never be cut short by a counter.
 */
@Injectable()
export class OpenForWritesGuard implements CanActivate {
  constructor(private readonly maintenance: MaintenanceService) {}

  async canActivate(): Promise<boolean> {
    if (await this.maintenance.isEnabled()) {
      throw AppError.unavailable('We are performing scheduled maintenance. Please try again shortly.', 'MAINTENANCE');
    }
    return true;
  }
}
