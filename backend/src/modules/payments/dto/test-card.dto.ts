import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

/** A card as the test gateway's form sends it (what Stripe.js would send to Stripe). */
export class TestCardFieldsDto {
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

/** The offline test gateway's card form for a payment. */
export class TestCardDto extends TestCardFieldsDto {
  @MaxLength(255, { message: 'Invalid payment' })
  @IsString({ message: 'Invalid payment' })
  @IsNotEmpty({ message: 'Invalid payment' })
  clientSecret: string;
}
