import { Global, Module } from '@nestjs/common';
import { ConciergeModule, ConciergeSessionService } from './concierge';
import { THREAD_SESSIONS, type ThreadSessions } from './requests';

/**
 * Tells the requests module whose concierge session a browser holds, through the concierge
 * module's own session check. Wired here, above both, because the concierge module depends on
 * the requests module and a module never imports one that imports it.
 */
@Global()
@Module({
  imports: [ConciergeModule],
  providers: [
    {
      provide: THREAD_SESSIONS,
      inject: [ConciergeSessionService],
      useFactory: (sessions: ConciergeSessionService): ThreadSessions => ({
        // The owner key: a member's (the same on every device), else the house-password session's.
        sessionOf: async (request) =>
          (await sessions.owner(request.cookies as Record<string, unknown> | undefined))?.key ?? null,
      }),
    },
  ],
  exports: [THREAD_SESSIONS],
})
export class ThreadSessionsModule {}
