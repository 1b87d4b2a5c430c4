import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

export const MAX_PAGE = 1_000_000;
export const MAX_PAGE_SIZE = 500;
export const DEFAULT_PAGE_SIZE = 100;

const PAGE = `Page must be a whole number from 1 to ${MAX_PAGE.toLocaleString('en-US')}`;
const PAGE_SIZE = `Page size must be a whole number from 1 to ${MAX_PAGE_SIZE}`;

/**
 * A query value as a whole number: decimal digits only, and few enough to stay a safe integer.
 * Anything else (a sign, an exponent, hex, a second value, 1e308) is left as it came and fails
 * validation with the readable message, before it can reach SQL as a bigint or an Infinity.
 */
const wholeNumber = ({ value }: { value: unknown }) => {
  if (value === '') return undefined;
  return typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value;
};

/**
 * `?page=&pageSize=` of every admin list (ARCHITECTURE.md): the one place paging input is
 * bounded. The answer keeps `{data}` and adds `total`.
 */
export class PageQueryDto {
  @IsOptional()
  @Max(MAX_PAGE, { message: PAGE })
  @Min(1, { message: PAGE })
  @IsInt({ message: PAGE })
  @Transform(wholeNumber)
  page?: number;

  @IsOptional()
  @Max(MAX_PAGE_SIZE, { message: PAGE_SIZE })
  @Min(1, { message: PAGE_SIZE })
  @IsInt({ message: PAGE_SIZE })
  @Transform(wholeNumber)
  pageSize?: number;
}

export function pageOf(query: PageQueryDto): { limit: number; offset: number } {
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  return { limit: pageSize, offset: ((query.page ?? 1) - 1) * pageSize };
}
