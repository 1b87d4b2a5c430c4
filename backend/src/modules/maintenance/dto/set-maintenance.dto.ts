import { IsBoolean, IsDefined } from 'class-validator';

export class SetMaintenanceDto {
  @IsBoolean({ message: 'Maintenance mode must be turned on (true) or off (false)' })
  @IsDefined({ message: 'Maintenance mode must be turned on (true) or off (false)' })
  enabled: boolean;
}
