import { IntersectionType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { IsCalendarDate } from '../../../common/calendar-date';
import { PageQueryDto } from '../../../common/page-query.dto';

const trimmed = ({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  return text === '' ? undefined : text;
};

/** Which audit rows a page or the CSV covers; every field optional, dates are UTC days with both ends included. */
export class AuditFilterDto {
  /** A staff account's id, or part of a person's name. */
  @IsOptional()
  @Transform(trimmed)
  @MaxLength(100, { message: 'Person is too long' })
  @IsString({ message: 'Person must be text' })
  actor?: string;

  /** An action ('vendor.update'), or a family of them ('vendor'). */
  @IsOptional()
  @Transform(trimmed)
  @MaxLength(100, { message: 'Action is too long' })
  @IsString({ message: 'Action must be text' })
  action?: string;

  @IsOptional()
  @Transform(trimmed)
  @MaxLength(100, { message: 'Target type is too long' })
  @IsString({ message: 'Target type must be text' })
  targetType?: string;

  @IsOptional()
  @Transform(trimmed)
  @MaxLength(200, { message: 'Target is too long' })
  @IsString({ message: 'Target must be text' })
  targetId?: string;

  @IsOptional()
  @Transform(trimmed)
  @IsCalendarDate('From')
  from?: string;

  @IsOptional()
  @Transform(trimmed)
  @IsCalendarDate('To')
  to?: string;
}

/** A page of the audit log (bounded as every admin list's is) and its filter. */
export class AuditQueryDto extends IntersectionType(PageQueryDto, AuditFilterDto) {}
