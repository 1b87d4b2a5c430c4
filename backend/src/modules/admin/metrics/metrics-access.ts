import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { createHash, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../../common/app-error';
import { clientIp } from '../../../common/client-ip';
import { APP_CONFIG } from '../../../config/config.module';
import type { AppConfig } from '../../../config/environment';
import { AdminAuthService, INVALID_CREDENTIALS } from '../admin-auth.service';
import { parseBasicAuth } from '../basic-credentials';
import { forbiddenForRole } from '../staff.guard';
import { roleHas } from '../staff-roles';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Who may read /metrics: Prometheus with METRICS_TOKEN as a bearer token, or a staff account whose
 * role holds 'metrics' (HTTP Basic, with the sign-in limits of /api/admin). The token is checked before anything
 * touches Redis, so a scrape still answers while Redis is down, when it matters most.
 */
@Injectable()
export class MetricsAccess {
  private readonly token?: Buffer;
  private readonly challenge: Record<string, string>;

  constructor(
    private readonly auth: AdminAuthService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.token = config.METRICS_TOKEN ? digest(config.METRICS_TOKEN) : undefined;
    const realm = `${config.BRAND_NAME.replace(/"/g, '')} Operators`;
    this.challenge = { 'WWW-Authenticate': `Basic realm="${realm}", charset="UTF-8"` };
  }

  /**
   * Resolves for a good token or a staff account with 'metrics'; throws 401 otherwise (403 for
   * another role, 429 after many failed sign-ins).
   */
  async check(authorization: string | undefined, address: string): Promise<void> {
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
    if (bearer) {
      if (this.token && timingSafeEqual(digest(bearer[1]), this.token)) return;
      throw AppError.unauthorized(INVALID_CREDENTIALS, this.challenge);
    }
    try {
      const admin = await this.auth.authenticate(parseBasicAuth(authorization), address);
      if (!roleHas(admin.role, 'metrics')) throw forbiddenForRole();
    } catch (error) {
      // The admin sign-in says 401 without a challenge (the admin app asks for credentials itself).
      if (error instanceof AppError && error.status === 401) throw AppError.unauthorized(error.message, this.challenge);
      throw error;
    }
  }
}

@Injectable()
export class MetricsGuard implements CanActivate {
  constructor(private readonly access: MetricsAccess) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    await this.access.check(request.headers.authorization, clientIp(request));
    return true;
  }
}
