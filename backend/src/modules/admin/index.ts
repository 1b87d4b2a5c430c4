/**
 * What other modules (and the app's composition root) may use of admin: the staff's guard and its
 * decorators (@StaffOnly with the rights of staff-roles.ts), the signed download links, and the
 * worker's metrics server. Everything else here is its own.
 */
export { AdminModule } from './admin.module';
export { DownloadLinkService } from './download-link.service';
export { DoorEventList, StaffOnly } from './staff-only.decorator';
export { StaffGuard, type AdminRequest } from './staff.guard';
export { StaffOrDownloadLink } from './download-link.guard';
export { WorkerMetricsServer } from './metrics/worker-metrics.server';
