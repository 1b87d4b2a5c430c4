import { IsIn, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { TestCardFieldsDto } from '../../payments';

export class ConfirmCardSetupDto {
  @MaxLength(200, { message: 'Invalid card setup' })
  @IsString({ message: 'Invalid card setup' })
  @IsNotEmpty({ message: 'Invalid card setup' })
  setupIntentId: string;
}

/** The test gateway's card form for a SetupIntent (what Stripe.js sends to Stripe). */
export class TestSetupCardDto extends TestCardFieldsDto {
  @MaxLength(255, { message: 'Invalid card setup' })
  @IsString({ message: 'Invalid card setup' })
  @IsNotEmpty({ message: 'Invalid card setup' })
  clientSecret: string;
}

/** The test gateway's 3-D Secure page: the member completes or fails the authentication. */
export class TestAuthenticationDto {
  @MaxLength(255, { message: 'Invalid payment' })
  @IsString({ message: 'Invalid payment' })
  @IsNotEmpty({ message: 'Invalid payment' })
  clientSecret: string;

  @IsIn(['complete', 'fail'], { message: 'The outcome is complete or fail' })
  outcome: 'complete' | 'fail';
}
