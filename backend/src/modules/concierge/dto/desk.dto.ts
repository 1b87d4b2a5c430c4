import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsISO8601,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { PageQueryDto } from '../../../common/page-query.dto';
import { REQUEST_STATUSES, type RequestStatus } from '../../requests';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const STATUS_LIST = `Status must be one or more of ${REQUEST_STATUSES.join(', ')}`;
const CURRENCIES = ['USD', 'EUR', 'GBP', 'CHF', 'JPY'] as const;

/** The staff console's filters: statuses (comma-separated), category, and a search of the request's words. */
export class StaffRequestsQueryDto extends PageQueryDto {
  @IsOptional()
  @IsIn([...REQUEST_STATUSES], { each: true, message: STATUS_LIST })
  @IsArray({ message: STATUS_LIST })
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : value,
  )
  status?: RequestStatus[];

  @IsOptional()
  @MaxLength(40, { message: 'The category is too long' })
  @IsString({ message: 'The category must be text' })
  category?: string;

  @IsOptional()
  @MaxLength(200, { message: 'The search is too long (200 characters at most)' })
  @IsString({ message: 'The search must be text' })
  @Transform(trim)
  q?: string;
}

export class ChangeRequestStatusDto {
  @IsIn([...REQUEST_STATUSES], { message: `Status must be one of ${REQUEST_STATUSES.join(', ')}` })
  status: RequestStatus;

  @IsOptional()
  @MaxLength(2000, { message: 'The note is too long (2000 characters at most)' })
  @IsString({ message: 'The note must be text' })
  @Transform(trim)
  note?: string;
}

export class StaffReplyDto {
  @MaxLength(8000, { message: 'The reply is too long (8000 characters at most)' })
  @IsNotEmpty({ message: 'Please write a reply.' })
  @IsString({ message: 'Please write a reply.' })
  @Transform(trim)
  content: string;
}

export class ProposedOptionDto {
  @MaxLength(200, { message: 'An option’s title is too long (200 characters at most)' })
  @IsNotEmpty({ message: 'Each option needs a title' })
  @IsString({ message: 'Each option needs a title' })
  @Transform(trim)
  title: string;

  @Max(100_000_000, { message: 'Each option needs a price from 0 to 100,000,000' })
  @Min(0, { message: 'Each option needs a price from 0 to 100,000,000' })
  @IsNumber({ maxDecimalPlaces: 2 }, { message: 'Each option needs a price from 0 to 100,000,000' })
  price: number;

  @IsIn([...CURRENCIES], { message: `The currency must be one of ${CURRENCIES.join(', ')}` })
  currency: string;

  @IsOptional()
  @MaxLength(2000, { message: 'An option’s description is too long (2000 characters at most)' })
  @IsString({ message: 'An option’s description must be text' })
  @Transform(trim)
  description?: string;

  @IsOptional()
  @MaxLength(1000, { message: 'The cancellation terms are too long (1000 characters at most)' })
  @IsString({ message: 'The cancellation terms must be text' })
  @Transform(trim)
  cancellationTerms?: string;

  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'Valid until must be a date and time' })
  validUntil?: string;

  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'The start must be a date and time' })
  startsAt?: string;

  @IsOptional()
  @IsBoolean({ message: 'Supplier to confirm is yes or no' })
  supplierToConfirm?: boolean;

  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'Refundable until must be a date and time' })
  refundableUntil?: string;
}

export class ProposeOptionsDto {
  @ValidateNested({ each: true, message: 'Each option needs a label and a price' })
  @Type(() => ProposedOptionDto)
  @ArrayMaxSize(5, { message: 'Propose five options at most' })
  @ArrayMinSize(1, { message: 'Propose at least one option' })
  @IsArray({ message: 'Propose at least one option' })
  options: ProposedOptionDto[];

  @IsOptional()
  @MaxLength(2000, { message: 'The note is too long (2000 characters at most)' })
  @IsString({ message: 'The note must be text' })
  @Transform(trim)
  note?: string;
}
