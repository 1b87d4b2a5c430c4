import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { AppError } from '../../common/app-error';
import { CONCIERGE_COOKIE, ConciergeSessionService } from './concierge-session.service';

/** Lets a request through only with a valid, not signed-out concierge session cookie. */
@Injectable()
export class ConciergeSessionGuard implements CanActivate {
  constructor(private readonly sessions: ConciergeSessionService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    const cookies = (request.cookies ?? {}) as Record<string, unknown>;
    if (!(await this.sessions.verify(cookies[CONCIERGE_COOKIE]))) {
      throw AppError.unauthorized('Your concierge session has ended. Please enter the password again.');
    }
    return true;
  }
}
