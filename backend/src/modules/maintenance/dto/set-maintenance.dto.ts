import { IsBoolean, IsDefined } from 'class-validator';

export class SetMaintenanceDto {
  @IsBoolean({ message: 'enabled must be true or false' })
  @IsDefined({ message: 'enabled is required' })
  enabled: boolean;
}
