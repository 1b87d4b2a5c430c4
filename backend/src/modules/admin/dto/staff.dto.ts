import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  Min,
  MinLength,
  ValidateIf,
} from 'class-validator';
import { STAFF_ROLES, STAFF_STATUSES, type StaffRole, type StaffStatus } from '../staff-roles';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** Only the absent is optional: null would reach a column that must hold a value. */
const unlessAbsent = (_object: object, value: unknown) => value !== undefined;

const ROLE_MESSAGE = `Role must be one of ${STAFF_ROLES.join(', ')}`;
const PASSWORD_MESSAGE = 'A password needs at least 12 characters (200 at most)';
const DOOR_EVENTS_MESSAGE = 'Door events must be a list of event ids';

/** Decorators run bottom-up: the last one listed checks first. */
export class StaffPasswordDto {
  @MaxLength(200, { message: PASSWORD_MESSAGE })
  @MinLength(12, { message: PASSWORD_MESSAGE })
  @IsString({ message: PASSWORD_MESSAGE })
  password: string;
}

export class CreateStaffDto extends StaffPasswordDto {
  // A colon cannot be part of an HTTP Basic username.
  @Matches(/^[a-z0-9][a-z0-9._@-]*$/, {
    message: 'A username uses letters, digits, dots, dashes, underscores or @, and starts with a letter or digit',
  })
  @MaxLength(60, { message: 'The username is too long (60 characters at most)' })
  @MinLength(2, { message: 'The username needs at least 2 characters' })
  @IsString({ message: 'Please enter a username' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
  username: string;

  @MaxLength(60, { message: 'The display name is too long (60 characters at most)' })
  @IsNotEmpty({ message: 'Please enter the name colleagues and members will see' })
  @IsString({ message: 'Please enter the name colleagues and members will see' })
  @Transform(trim)
  displayName: string;

  @IsIn([...STAFF_ROLES], { message: ROLE_MESSAGE })
  role: StaffRole;

  @IsOptional()
  @Min(1, { each: true, message: DOOR_EVENTS_MESSAGE })
  @IsInt({ each: true, message: DOOR_EVENTS_MESSAGE })
  @ArrayMaxSize(100, { message: 'A door account can be given 100 events at most' })
  @IsArray({ message: DOOR_EVENTS_MESSAGE })
  doorEventIds?: number[];
}

export class UpdateStaffDto {
  @ValidateIf(unlessAbsent)
  @MaxLength(60, { message: 'The display name is too long (60 characters at most)' })
  @IsNotEmpty({ message: 'Please enter the name colleagues and members will see' })
  @IsString({ message: 'Please enter the name colleagues and members will see' })
  @Transform(trim)
  displayName?: string;

  @ValidateIf(unlessAbsent)
  @IsIn([...STAFF_ROLES], { message: ROLE_MESSAGE })
  role?: StaffRole;

  @ValidateIf(unlessAbsent)
  @IsIn([...STAFF_STATUSES], { message: 'Status must be active or suspended' })
  status?: StaffStatus;

  @ValidateIf(unlessAbsent)
  @Min(1, { each: true, message: DOOR_EVENTS_MESSAGE })
  @IsInt({ each: true, message: DOOR_EVENTS_MESSAGE })
  @ArrayMaxSize(100, { message: 'A door account can be given 100 events at most' })
  @IsArray({ message: DOOR_EVENTS_MESSAGE })
  doorEventIds?: number[];
}
