import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Global, Module } from '@nestjs/common';
import { MAINTENANCE_SWITCH } from '../../common/maintenance-switch';
import { AdminMaintenanceController, StatusController } from './maintenance.controller';
import { MaintenanceService } from './maintenance.service';
import { SiteSetting } from './site-setting.entity';

/**
 * Global because PublicWriteGuard (common/), used by the controllers of several modules, asks
 * for the MAINTENANCE_SWITCH this module provides; a guard resolves its dependencies in the
 * module of the controller it guards.
 */
@Global()
@Module({
  imports: [MikroOrmModule.forFeature([SiteSetting])],
  controllers: [StatusController, AdminMaintenanceController],
  providers: [MaintenanceService, { provide: MAINTENANCE_SWITCH, useExisting: MaintenanceService }],
  exports: [MaintenanceService, MAINTENANCE_SWITCH],
})
export class MaintenanceModule {}
