import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import { AsyncLocalStorage } from 'node:async_hooks';
import { Observable } from 'rxjs';
import { clientIp } from '../../common/client-ip';

/** Who acts, as the audit log names them: a staff account (request.admin once the guard let it in). */
export interface AuditActor {
  id: string;
  username: string;
  displayName?: string;
  role?: string;
}

interface AuditScope {
  actor: AuditActor | null;
  ip: string | null;
}

const scopes = new AsyncLocalStorage<AuditScope>();

/** Runs `fn` with this actor and client address as the audit log's "who" (AuditService.record reads it). */
export function runAs<T>(actor: AuditActor | null, ip: string | null, fn: () => T): T {
  return scopes.run({ actor, ip }, fn);
}

/** The scope the current call runs in, if any. */
export function currentAuditScope(): AuditScope | undefined {
  return scopes.getStore();
}

/**
 * Opens the audit scope for a staff route: the account the staff guard put on the request and
 * the client's address. Composed into the staff decorator after the guard (guards run before
 * interceptors), so every admin handler, and every service it calls, runs inside it.
 */
@Injectable()
export class AuditScopeInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<Request & { admin?: AuditActor }>();
    const admin = request.admin;
    const actor = admin
      ? { id: admin.id, username: admin.username, displayName: admin.displayName, role: admin.role }
      : null;
    // The handler starts when next.handle() is called, so calling it inside the scope is what counts.
    return runAs(actor, clientIp(request), () => next.handle());
  }
}
