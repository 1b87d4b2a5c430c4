import { Body, Controller, Get, Put } from '@nestjs/common';
import { StaffOnly } from '../admin';
import { SetMaintenanceDto } from './dto/set-maintenance.dto';
import { MaintenanceService } from './maintenance.service';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, t } from '../../common/api-schema';

const MAINTENANCE = t.object({ maintenance: t.boolean() });

@ApiTags('maintenance')
@Controller('status')
export class StatusController {
  constructor(private readonly maintenance: MaintenanceService) {}

  @Get()
  @ApiOperation({ summary: 'Whether the site is in maintenance mode' })
  @ApiAnswer(MAINTENANCE)
  async status(): Promise<{ maintenance: boolean }> {
    return { maintenance: await this.maintenance.isEnabled() };
  }
}

@ApiTags('maintenance')
@Controller('admin/maintenance')
@StaffOnly('maintenance')
export class AdminMaintenanceController {
  constructor(private readonly maintenance: MaintenanceService) {}

  @Get()
  @ApiOperation({ summary: 'Whether the site is in maintenance mode' })
  @ApiAnswer(MAINTENANCE)
  async get(): Promise<{ maintenance: boolean }> {
    return { maintenance: await this.maintenance.isEnabled() };
  }

  @Put()
  @ApiOperation({ summary: 'Turns maintenance mode on or off' })
  @ApiAnswer(t.object({ success: t.literal(true), maintenance: t.boolean() }))
  async set(@Body() body: SetMaintenanceDto): Promise<{ success: true; maintenance: boolean }> {
    return { success: true, maintenance: await this.maintenance.setEnabled(body.enabled) };
  }
}
