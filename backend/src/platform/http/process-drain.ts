import { Global, Inject, Injectable, Logger, Module } from '@nestjs/common';
import type { INestApplication } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import type { Server } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';

/**
 * What an event-stream reader is sent when its api process stops: end here, and come back (to
 * another replica) in a second, from the last frame id. EventSource reconnects by itself; the
 * concierge's reply reader resumes the reply.
 */
export const RECONNECT_FRAME = 'retry: 1000\nevent: reconnect\ndata: {}\n\n';

/**
 * An api process that stops without losing anything. On SIGTERM it answers not-ready
 * (/api/health/ready: 503) and keeps serving for SHUTDOWN_DELAY_MS, so a load balancer that
 * polls readiness stops sending it requests; then it stops accepting connections, tells every
 * open event stream to reconnect elsewhere, lets requests in flight and the replies it is
 * writing finish within SHUTDOWN_GRACE_MS, and closes (shutdown hooks: stores, queues).
 */
@Injectable()
export class ProcessDrain {
  private readonly logger = new Logger('Shutdown');
  private readonly inFlight = new Set<Response>();
  private drainingSince: number | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** Whether the process is stopping (readiness answers 503). */
  get draining(): boolean {
    return this.drainingSince !== null;
  }

  /** When the grace for work in flight is over (ms since the epoch); Infinity while not draining. */
  get deadline(): number {
    return this.drainingSince === null
      ? Infinity
      : this.drainingSince + this.config.SHUTDOWN_DELAY_MS + this.config.SHUTDOWN_GRACE_MS;
  }

  /** Express middleware: keeps the answers in flight, to wait for them and to reach the event streams. */
  readonly track = (_request: Request, response: Response, next: NextFunction): void => {
    this.inFlight.add(response);
    response.once('close', () => this.inFlight.delete(response));
    next();
  };

  /** Stops the process as the class comment says; resolves when the app is closed. */
  async drainAndClose(app: INestApplication): Promise<void> {
    if (this.draining) return;
    this.drainingSince = Date.now();
    this.logger.log(`stopping: not ready, then draining (up to ${this.config.SHUTDOWN_GRACE_MS} ms)`);
    await sleep(this.config.SHUTDOWN_DELAY_MS);
    const server = app.getHttpServer() as Server;
    server.close();
    this.endEventStreams();
    // A keep-alive connection whose request ends while draining is closed as soon as it is idle.
    while (this.inFlight.size > 0 && Date.now() < this.deadline) {
      server.closeIdleConnections();
      await sleep(50);
    }
    if (this.inFlight.size > 0)
      this.logger.warn(`${this.inFlight.size} requests were still open at the end of the grace`);
    await app.close();
  }

  private endEventStreams(): void {
    for (const response of this.inFlight) {
      const type = response.getHeader('Content-Type');
      if (typeof type !== 'string' || !type.startsWith('text/event-stream') || response.writableEnded) continue;
      response.end(RECONNECT_FRAME);
    }
  }
}

/** The process's drain, for the api's entry point, its HTTP set-up and its readiness. */
@Global()
@Module({ providers: [ProcessDrain], exports: [ProcessDrain] })
export class ProcessDrainModule {}
