import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { AppError } from '../../../common/app-error';
import { codeForStatus } from '../../../common/error-codes';
import { APP_CONFIG } from '../../../config/config.module';
import type { AppConfig } from '../../../config/environment';
import { MetricsRegistry } from '../../../platform/metrics/metrics-registry';
import { MetricsAccess } from './metrics-access';

/**
 * The worker's /metrics on METRICS_PORT, behind the same credentials as the api's.
 *
 * Why a port of its own rather than pushing to the api through Redis: Prometheus pulls, and sees
 * each worker as a target of its own (its `up`, its restarts, its process metrics); pushed
 * numbers from several workers would need merging and expiring in the api, and would vanish
 * exactly when Redis, the thing most worth watching, is down.
 */
@Injectable()
export class WorkerMetricsServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(WorkerMetricsServer.name);
  private server?: Server;

  constructor(
    private readonly access: MetricsAccess,
    private readonly registry: MetricsRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const port = this.config.METRICS_PORT;
    if (!port) return;
    const server = createServer((request, response) => void this.answer(request, response));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, () => resolve());
    }).catch((error: Error) => {
      throw new Error(
        `The worker cannot serve /metrics on METRICS_PORT ${port} (${error.message}): choose a free port, or 0 for none`,
      );
    });
    this.server = server;
    this.logger.debug(`/metrics on port ${port}`);
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }

  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = (request.url ?? '/').split('?')[0];
    if (path !== '/metrics') return refuse(response, 404, 'Not found.');
    if (request.method !== 'GET' && request.method !== 'HEAD') return refuse(response, 405, 'Method not allowed.');
    try {
      await this.access.check(request.headers.authorization, request.socket.remoteAddress ?? 'unknown');
    } catch (error) {
      if (error instanceof AppError) return refuse(response, error.status, error.message, error.headers);
      this.logger.warn(`/metrics could not check credentials: ${(error as Error).message}`);
      return refuse(response, 503, 'The service is briefly unavailable. Please try again in a moment.');
    }
    const text = await this.registry.metrics().catch((error: Error) => {
      this.logger.error(error);
      return undefined;
    });
    if (text === undefined) return refuse(response, 500, 'Something went wrong on our side.');
    response.writeHead(200, { 'Content-Type': this.registry.contentType, 'Cache-Control': 'no-store' });
    response.end(request.method === 'HEAD' ? undefined : text);
  }
}

function refuse(response: ServerResponse, status: number, error: string, headers: Record<string, string> = {}): void {
  response.writeHead(status, { ...headers, 'Content-Type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify({ success: false, error, code: codeForStatus(status) }));
}
