import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

/** POST /api/payments/{id}/confirm, after the provider's form confirmed without a redirect. */
export class ConfirmPaymentDto {
  @MaxLength(255, { message: 'The payment reference is too long' })
  @IsString({ message: 'The payment reference must be text' })
  @IsNotEmpty({ message: 'The payment reference is required' })
  paymentIntentId: string;

  @IsOptional()
  @MaxLength(50, { message: 'The payment method is too long' })
  @IsString({ message: 'The payment method must be text' })
  paymentMethodType?: string;
}
