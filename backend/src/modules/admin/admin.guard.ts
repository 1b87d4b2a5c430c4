import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AdminAuthService, type AdminIdentity } from './admin-auth.service';

export type AdminRequest = Request & { admin?: AdminIdentity };

/** Lets a request through only with valid administrator credentials (HTTP Basic). */
@Injectable()
export class AdminGuard implements CanActivate {
  constructor(private readonly auth: AdminAuthService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<AdminRequest>();
    request.admin = await this.auth.signIn(request, http.getResponse<Response>());
    return true;
  }
}
