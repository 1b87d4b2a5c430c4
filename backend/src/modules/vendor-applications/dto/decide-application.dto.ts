import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';

/** PATCH /api/admin/vendor-applications/{id}. */
export class DecideApplicationDto {
  @IsIn(['approved', 'rejected'], { message: 'Status must be approved or rejected' })
  status: 'approved' | 'rejected';

  @IsOptional()
  @MaxLength(5000, { message: 'Admin notes are too long' })
  @IsString({ message: 'Admin notes must be text' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  adminNotes?: string | null;
}
