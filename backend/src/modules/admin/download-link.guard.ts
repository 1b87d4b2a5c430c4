import { applyDecorators, CanActivate, ExecutionContext, Injectable, SetMetadata, UseGuards } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Response } from 'express';
import { AdminAuthService } from './admin-auth.service';
import type { AdminRequest } from './admin.guard';
import { DownloadLinkService, type DownloadPurpose } from './download-link.service';

const DOWNLOAD_PURPOSE = Symbol('DOWNLOAD_PURPOSE');

/**
 * Lets a request through with a download link's `?token=` for this route's purpose, or else with
 * administrator credentials like every admin route (so API clients keep using HTTP Basic).
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
    request.admin = await this.auth.signIn(request, http.getResponse<Response>());
    return true;
  }
}

/** An admin file a browser may fetch by following a download link (see DownloadLinkService). */
export function AdminOrDownloadLink(purpose: DownloadPurpose) {
  return applyDecorators(SetMetadata(DOWNLOAD_PURPOSE, purpose), UseGuards(DownloadLinkGuard));
}
