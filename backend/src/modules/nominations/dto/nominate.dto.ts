import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { trimmed } from '../../../common/trimmed';

/** 'Nominate by email': who the member would like the club to write to. */
export class NominateByEmailDto {
  @Transform(trimmed)
  @MaxLength(120, { message: 'Please keep the name under 120 characters' })
  @IsNotEmpty({ message: 'Please give the name of the person you nominate' })
  @IsString({ message: 'Please give the name of the person you nominate' })
  name: string;

  @Transform(trimmed)
  @MaxLength(254, { message: 'Please enter a valid email address' })
  @IsEmail({}, { message: 'Please enter a valid email address' })
  @IsString({ message: 'Please enter a valid email address' })
  email: string;
}
