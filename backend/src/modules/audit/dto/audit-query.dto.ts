import { IntersectionType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { IsCalendarDate } from '../../../common/calendar-date';
import { PageQueryDto } from '../../../common/page-query.dto';
import { trimmedOrAbsent } from '../../../common/trimmed';

/** Which audit rows a page or the CSV covers; every field optional, dates are UTC days with both ends included. */
export class AuditFilterDto {
  /** A staff account's id, or part of a person's name. */
  @IsOptional()
  @Transform(trimmedOrAbsent)
  @MaxLength(100, { message: 'Person is too long' })
  @IsString({ message: 'Person must be text' })
  actor?: string;

  /** An action ('vendor.update'), or a family of them ('vendor'). */
  @IsOptional()
  @Transform(trimmedOrAbsent)
  @MaxLength(100, { message: 'Action is too long' })
  @IsString({ message: 'Action must be text' })
  action?: string;

  @IsOptional()
  @Transform(trimmedOrAbsent)
  @MaxLength(100, { message: 'Target type is too long' })
  @IsString({ message: 'Target type must be text' })
  targetType?: string;

  @IsOptional()
  @Transform(trimmedOrAbsent)
  @MaxLength(200, { message: 'Target is too long' })
  @IsString({ message: 'Target must be text' })
  targetId?: string;

  @IsOptional()
  @Transform(trimmedOrAbsent)
  @IsCalendarDate('From')
  from?: string;

  @IsOptional()
  @Transform(trimmedOrAbsent)
  @IsCalendarDate('To')
  to?: string;
}

/** A page of the audit log (bounded as every admin list's is) and its filter. */
export class AuditQueryDto extends IntersectionType(PageQueryDto, AuditFilterDto) {}
