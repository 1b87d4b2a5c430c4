import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

export class ConciergeAuthDto {
  @MaxLength(200, { message: 'Invalid password. Please try again.' })
  @IsString({ message: 'Password is required' })
  @IsNotEmpty({ message: 'Password is required' })
  password: string;
}
