import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

const toInt = ({ value }: { value: unknown }) => (value === undefined || value === '' ? undefined : Number(value));

/** `?page=&pageSize=` of the admin lists (ARCHITECTURE.md); the answer keeps `{data}` and adds `total`. */
export class PageQueryDto {
  @IsOptional()
  @Min(1, { message: 'page must be at least 1' })
  @IsInt({ message: 'page must be a whole number' })
  @Transform(toInt)
  page?: number;

  @IsOptional()
  @Max(500, { message: 'pageSize must be at most 500' })
  @Min(1, { message: 'pageSize must be at least 1' })
  @IsInt({ message: 'pageSize must be a whole number' })
  @Transform(toInt)
  pageSize?: number;
}

export const DEFAULT_PAGE_SIZE = 100;

export function pageOf(query: PageQueryDto): { limit: number; offset: number } {
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  return { limit: pageSize, offset: ((query.page ?? 1) - 1) * pageSize };
}
