import {
  applyDecorators,
  CanActivate,
  ExecutionContext,
  Inject,
  Injectable,
  SetMetadata,
  UseGuards,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/environment';
import { AppError } from './app-error';
import { clientIp } from './client-ip';
import { MAINTENANCE_SWITCH, type MaintenanceSwitch } from './maintenance-switch';
import { RateLimitService } from './rate-limit.service';

const PUBLIC_WRITE = Symbol('PUBLIC_WRITE');

interface PublicWriteOptions {
  /** Requests per minute per client address; defaults to RATE_LIMIT_PUBLIC_PER_MINUTE. */
  perMinute?: number;
}

/**
 * Guards an anonymous write (waitlist, applications, chat): refused with 503 while maintenance
 * mode is on, then a per-address rate limit with counters in Redis, shared by every api process.
 */
@Injectable()
export class PublicWriteGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limits: RateLimitService,
    @Inject(MAINTENANCE_SWITCH) private readonly maintenance: MaintenanceSwitch,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const meta = this.reflector.get<{ bucket: string } & PublicWriteOptions>(PUBLIC_WRITE, context.getHandler());
    if (await this.maintenance.isEnabled()) {
      throw AppError.unavailable('We are performing scheduled maintenance. Please try again shortly.', 'MAINTENANCE');
    }
    const request = context.switchToHttp().getRequest<Request>();
    await this.limits.consume(
      {
        name: meta.bucket,
        limit: meta.perMinute ?? this.config.RATE_LIMIT_PUBLIC_PER_MINUTE,
        windowSeconds: 60,
        message: 'Too many requests from your connection. Please wait a minute and try again.',
      },
      clientIp(request),
    );
    return true;
  }
}

export function PublicWrite(bucket: string, options: PublicWriteOptions = {}) {
  return applyDecorators(SetMetadata(PUBLIC_WRITE, { bucket, ...options }), UseGuards(PublicWriteGuard));
}
