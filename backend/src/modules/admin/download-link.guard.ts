import {
  applyDecorators,
  CanActivate,
  ExecutionContext,
  Injectable,
  SetMetadata,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Response } from 'express';
import { AuditScopeInterceptor } from '../audit';
import { AdminAuthService } from './admin-auth.service';
import { DownloadLinkService, type DownloadPurpose } from './download-link.service';
import { type AdminRequest, declaredRights, forbiddenForRole, mayUse, STAFF_RIGHTS_KEY } from './staff.guard';
import type { StaffRight } from './staff-roles';

const DOWNLOAD_PURPOSE = Symbol('DOWNLOAD_PURPOSE');

/**
 * Lets a request through with a download link's `?token=` for this route's purpose (issued by a
 * route that required the same right), or else with a staff account whose role allows the route,
 * like every admin route (so API clients keep using HTTP Basic).
 */
@Injectable()
export class DownloadLinkGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly links: DownloadLinkService,
    private readonly auth: AdminAuthService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<AdminRequest>();
    const purpose = this.reflector.get<DownloadPurpose>(DOWNLOAD_PURPOSE, context.getHandler());
    if (request.query.token !== undefined) {
      await this.links.redeem(purpose, request.query.token);
      return true;
    }
    const admin = await this.auth.signIn(request, http.getResponse<Response>());
    request.admin = admin;
    if (!mayUse(admin, declaredRights(this.reflector, context), request)) throw forbiddenForRole();
    return true;
  }
}

/**
 * An admin file a browser may fetch by following a download link (see DownloadLinkService), or a
 * staff account holding any one of `rights` may fetch with HTTP Basic.
 */
export function StaffOrDownloadLink(purpose: DownloadPurpose, ...rights: StaffRight[]) {
  return applyDecorators(
    SetMetadata(DOWNLOAD_PURPOSE, purpose),
    SetMetadata(STAFF_RIGHTS_KEY, rights),
    UseGuards(DownloadLinkGuard),
    UseInterceptors(AuditScopeInterceptor),
  );
}
