import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength } from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/**
 * An optional text field, trimmed, at most `max` characters; null clears it. Its messages name
 * the field as people read it ('City must be text'), never class-validator's defaults.
 */
export function OptionalText(label: string, max: number): PropertyDecorator {
  // In the order TypeScript would apply them written as @IsOptional() @MaxLength() @IsString() @Transform().
  return applyDecorators(
    Transform(trim),
    IsString({ message: `${label} must be text` }),
    MaxLength(max, { message: `${label} is too long (${max} characters at most)` }),
    IsOptional(),
  );
}
