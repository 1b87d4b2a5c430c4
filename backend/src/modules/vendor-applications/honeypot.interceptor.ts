import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import { Observable, of } from 'rxjs';

/**
 * A filled honeypot (`bot_check`) is answered with the same success a person gets, before any
 * validation, and nothing is stored: bots learn nothing from the answer.
 */
@Injectable()
export class HoneypotInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const body = context.switchToHttp().getRequest<Request>().body as { bot_check?: unknown } | undefined;
    const trap = body && typeof body === 'object' ? body.bot_check : undefined;
    if (trap !== undefined && trap !== null && String(trap).trim() !== '') return of({ success: true });
    return next.handle();
  }
}
