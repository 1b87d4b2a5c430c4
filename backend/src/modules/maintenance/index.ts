/**
 * What other modules may use of maintenance: whether the club is open for writes
 * (MaintenanceService). Everything else here is its own.
 */
export { MaintenanceModule } from './maintenance.module';
export { MaintenanceService } from './maintenance.service';
