import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { BullBoardModule } from '@bull-board/nestjs';
import { Module } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { AppError } from '../../common/app-error';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';
import { ALL_QUEUES } from '../../platform/queue/queue-names';
import { AdminAuthService } from './admin-auth.service';
import { forbiddenForRole } from './staff.guard';
import { roleHas } from './staff-roles';

export const QUEUE_BOARD_ROUTE = '/admin/queues';

/** The house colours (black, ivory, gold) on the board's design tokens. */
const HOUSE_THEME = {
  light: {
    background: '#f7f3ea',
    accent: '#efe6d2',
    primary: '#8a6d3b',
    'primary-foreground': '#fffdf8',
    sidebar: '#0b0b0c',
    'sidebar-foreground': '#d9d1c0',
    'sidebar-primary': '#c9a35b',
    'sidebar-accent': '#1a1814',
    'sidebar-border': '#26231d',
  },
  dark: {
    background: '#0f0e0c',
    card: '#17150f',
    accent: '#221f17',
    primary: '#c9a35b',
    'primary-foreground': '#0b0b0c',
    sidebar: '#0b0b0c',
    'sidebar-primary': '#c9a35b',
  },
};

/**
 * HTTP Basic in front of the board: a browser shows its own sign-in prompt on the 401, and the
 * same staff credentials (and failed sign-in limits) as /api/admin apply; the role must hold 'queues'. A refusal goes
 * to the error filter like any other, so it is JSON `{success: false, error}` with its status.
 */
export function queueBoardAuth(auth: AdminAuthService, config: AppConfig) {
  const realm = `${config.BRAND_NAME.replace(/"/g, '')} Operators`;
  return (request: Request, response: Response, next: NextFunction) => {
    auth.signIn(request, response).then(
      (admin) => next(roleHas(admin.role, 'queues') ? undefined : forbiddenForRole()),
      (error: unknown) =>
        next(
          error instanceof AppError && error.status === 401
            ? AppError.unauthorized(error.message, { 'WWW-Authenticate': `Basic realm="${realm}", charset="UTF-8"` })
            : error,
        ),
    );
  };
}

/**
 * Bull Board at /admin/queues (outside /api), showing every queue of queue-names.ts, with each
 * queue's chart of completed and failed jobs per minute (the workers' BullMQ metrics, see
 * platform/queue/queue-processors.ts).
 */
@Module({
  imports: [
    BullBoardModule.forRootAsync({
      inject: [AdminAuthService, APP_CONFIG],
      useFactory: (auth: AdminAuthService, config: AppConfig) => ({
        route: QUEUE_BOARD_ROUTE,
        adapter: ExpressAdapter,
        middleware: queueBoardAuth(auth, config),
        boardOptions: {
          uiConfig: { boardTitle: `${config.BRAND_NAME} queues`, showMetrics: true, theme: HOUSE_THEME },
        },
      }),
    }),
    BullBoardModule.forFeature(...ALL_QUEUES.map((name) => ({ name, adapter: BullMQAdapter }))),
  ],
})
export class QueueBoardModule {}
