import { Global, Module } from '@nestjs/common';
import { AdminMaintenanceController, StatusController } from './maintenance.controller';
import { MaintenanceService } from './maintenance.service';

/** Global so PublicWriteGuard (common/) can refuse public writes while maintenance is on. */
@Global()
@Module({
  controllers: [StatusController, AdminMaintenanceController],
  providers: [MaintenanceService],
  exports: [MaintenanceService],
})
export class MaintenanceModule {}
