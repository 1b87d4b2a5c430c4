import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

/** POST /api/payments/{id}/confirm, after the provider's form confirmed without a redirect. */
export class ConfirmPaymentDto {
  @MaxLength(255, { message: 'paymentIntentId is too long' })
  @IsString({ message: 'paymentIntentId must be text' })
  @IsNotEmpty({ message: 'paymentIntentId is required' })
  paymentIntentId: string;

  @IsOptional()
  @MaxLength(50, { message: 'paymentMethodType is too long' })
  @IsString({ message: 'paymentMethodType must be text' })
  paymentMethodType?: string;
}
