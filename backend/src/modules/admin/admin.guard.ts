import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { clientIp } from '../../common/client-ip';
import { AdminAuthService, type AdminIdentity } from './admin-auth.service';
import { parseBasicAuth } from './basic-credentials';

export type AdminRequest = Request & { admin?: AdminIdentity };

/** Lets a request through only with valid administrator credentials (HTTP Basic). */
@Injectable()
export class AdminGuard implements CanActivate {
  constructor(private readonly auth: AdminAuthService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AdminRequest>();
    request.admin = await this.auth.authenticate(parseBasicAuth(request.headers.authorization), clientIp(request));
    return true;
  }
}
