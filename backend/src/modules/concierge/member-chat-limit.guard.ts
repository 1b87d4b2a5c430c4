import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { clientIp } from '../../common/client-ip';
import { RateLimitService } from '../../common/rate-limit.service';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';

const TOO_MANY = 'You are writing faster than your concierge can answer. Please wait a moment and try again.';

/**
 * Members' replies and titles, each possibly a paid model call: a limit per concierge session and
 * one per client address (the shared password opens as many sessions as anyone likes). Runs after
 * ConciergeSessionGuard, which names the session.
 */
@Injectable()
export class MemberChatLimitGuard implements CanActivate {
  constructor(
    private readonly limits: RateLimitService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request & { conciergeSessionId?: string }>();
    // Both counts in one round trip: each is checked on its own.
    await Promise.all([
      this.limits.consume(
        {
          name: 'member-chat:address',
          limit: this.config.RATE_LIMIT_CHAT_PER_ADDRESS_PER_MINUTE,
          windowSeconds: 60,
          message: TOO_MANY,
        },
        clientIp(request),
      ),
      this.limits.consume(
        {
          name: 'member-chat:session',
          limit: this.config.RATE_LIMIT_CHAT_PER_SESSION_PER_MINUTE,
          windowSeconds: 60,
          message: TOO_MANY,
        },
        request.conciergeSessionId ?? 'none',
      ),
    ]);
    return true;
  }
}
