import { Body, Controller, Get, Put } from '@nestjs/common';
import { AdminOnly } from '../admin/admin-only.decorator';
import { SetMaintenanceDto } from './dto/set-maintenance.dto';
import { MaintenanceService } from './maintenance.service';

@Controller('status')
export class StatusController {
  constructor(private readonly maintenance: MaintenanceService) {}

  @Get()
  async status(): Promise<{ maintenance: boolean }> {
    return { maintenance: await this.maintenance.isEnabled() };
  }
}

@Controller('admin/maintenance')
@AdminOnly()
export class AdminMaintenanceController {
  constructor(private readonly maintenance: MaintenanceService) {}

  @Get()
  async get(): Promise<{ maintenance: boolean }> {
    return { maintenance: await this.maintenance.isEnabled() };
  }

  @Put()
  async set(@Body() body: SetMaintenanceDto): Promise<{ success: true; maintenance: boolean }> {
    return { success: true, maintenance: await this.maintenance.setEnabled(body.enabled) };
  }
}
