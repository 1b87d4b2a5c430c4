import {
  type CallHandler,
  type CanActivate,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { map, type Observable } from 'rxjs';
import { AppError } from '../../common/app-error';
import { AdminAuthService, type AdminIdentity } from './admin-auth.service';
import { FORBIDDEN_FOR_ROLE, roleHas, type StaffRight } from './staff-roles';

export type AdminRequest = Request & { admin?: AdminIdentity };

/** Where @StaffOnly keeps a route's rights (read by the guards and by the role-matrix test). */
export const STAFF_RIGHTS_KEY = 'staff:rights';

/** Marks the list of events a door account sees only its own events in (@DoorEventList()). */
export const DOOR_EVENT_LIST_KEY = 'staff:door-event-list';

export function forbiddenForRole(): AppError {
  return new AppError('forbidden', FORBIDDEN_FOR_ROLE, undefined, undefined, 'FORBIDDEN_FOR_ROLE');
}

/**
 * Whether a staff person may use a route needing any one of `rights` (none: any staff person).
 * A door account reaches a route through 'check-in' only for an event it was assigned: the route's
 * `:id`, or a list of events marked @DoorEventList() (which the interceptor below narrows).
 */
export function mayUse(
  admin: AdminIdentity,
  rights: readonly StaffRight[],
  request: { params?: Record<string, unknown> },
  doorEventList = false,
): boolean {
  if (rights.length === 0) return true;
  const granting = rights.filter((right) => roleHas(admin.role, right));
  if (granting.length === 0) return false;
  if (admin.role !== 'door') return true;
  if (doorEventList) return true;
  const eventId = Number(request.params?.id);
  return Number.isSafeInteger(eventId) && admin.doorEventIds.includes(eventId);
}

/** Reads a route's declaration: the handler's rights, else the controller's. */
export function declaredRights(reflector: Reflector, context: ExecutionContext): readonly StaffRight[] {
  return (
    reflector.getAllAndOverride<StaffRight[] | undefined>(STAFF_RIGHTS_KEY, [
      context.getHandler(),
      context.getClass(),
    ]) ?? []
  );
}

/** Lets a request through only with a staff account (HTTP Basic) whose role allows the route. */
@Injectable()
export class StaffGuard implements CanActivate {
  constructor(
    private readonly auth: AdminAuthService,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<AdminRequest>();
    // Signed in once per request, though a controller's and a handler's declarations both run the guard.
    const admin = request.admin ?? (await this.auth.signIn(request, http.getResponse<Response>()));
    request.admin = admin;
    const doorList = this.reflector.get<boolean | undefined>(DOOR_EVENT_LIST_KEY, context.getHandler()) === true;
    if (!mayUse(admin, declaredRights(this.reflector, context), request, doorList)) throw forbiddenForRole();
    return true;
  }
}

/** Narrows a list of events to the door account's own (see @DoorEventList()). */
@Injectable()
export class DoorEventListInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const admin = context.switchToHttp().getRequest<AdminRequest>().admin;
    if (admin?.role !== 'door') return next.handle();
    return next.handle().pipe(
      map((answer: { data: Array<{ id: number }>; total: number }) => {
        const data = answer.data.filter((event) => admin.doorEventIds.includes(event.id));
        return { ...answer, data, total: data.length };
      }),
    );
  }
}
