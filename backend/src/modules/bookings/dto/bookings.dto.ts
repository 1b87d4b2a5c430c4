import { IsIn, IsNotEmpty, IsString, MaxLength } from 'class-validator';

export class ConfirmCardSetupDto {
  @MaxLength(200, { message: 'Invalid card setup' })
  @IsString({ message: 'Invalid card setup' })
  @IsNotEmpty({ message: 'Invalid card setup' })
  setupIntentId: string;
}

/** The test gateway's card form for a SetupIntent (what Stripe.js sends to Stripe). */
export class TestSetupCardDto {
  @MaxLength(255, { message: 'Invalid card setup' })
  @IsString({ message: 'Invalid card setup' })
  @IsNotEmpty({ message: 'Invalid card setup' })
  clientSecret: string;

  @MaxLength(40, { message: 'Your card number is incorrect.' })
  @IsString({ message: 'Your card number is incorrect.' })
  @IsNotEmpty({ message: 'Your card number is incomplete.' })
  cardNumber: string;

  @MaxLength(10, { message: "Your card's expiration date is incomplete." })
  @IsString({ message: "Your card's expiration date is incomplete." })
  @IsNotEmpty({ message: "Your card's expiration date is incomplete." })
  expiry: string;

  @MaxLength(4, { message: "Your card's security code is incomplete." })
  @IsString({ message: "Your card's security code is incomplete." })
  @IsNotEmpty({ message: "Your card's security code is incomplete." })
  cvc: string;
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
