/**
 * What other modules (and the app's composition root) may use of admin: the staff's guard and its
 * decorator, the signed download links, and the worker's metrics server. Everything else here is its own.
 */
export { AdminModule } from './admin.module';
export { DownloadLinkService } from './download-link.service';
export { AdminOnly } from './admin-only.decorator';
export { AdminGuard, type AdminRequest } from './admin.guard';
export { AdminOrDownloadLink } from './download-link.guard';
export { WorkerMetricsServer } from './metrics/worker-metrics.server';
